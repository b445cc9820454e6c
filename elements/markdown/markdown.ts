// The common Markdown subset of tool descriptions and server instructions, read into tokens: paragraphs, ATX
// headings, bullet and numbered lists (nested by indentation), fenced code, code spans, emphasis, strong, links and
// bare http(s) URLs. Tokens are plain data, never HTML: raw HTML in the source stays text, and the renderer decides
// which links may become links. Line breaks inside a paragraph are kept, as most descriptions are plain text.

export type Inline =
  | { type: 'text' | 'code'; text: string }
  | { type: 'em' | 'strong'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

/** A list's `start` is its first number, or null for a bullet list; each item holds blocks. */
export type Block =
  | { type: 'paragraph' | 'heading'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'list'; start: number | null; items: Block[][] };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?: |$)/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?: +|$)/;
// Hostile sources could nest lists or spans without end; past this depth, what is left is shown as text.
const MAX_DEPTH = 8;

const indentOf = (line: string) => line.length - line.trimStart().length;
const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || ITEM.test(line);

export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (!line.trim()) {
      i++;
    } else if (fence) {
      const body: string[] = [];
      while (++i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i]);
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
    } else if (HEADING.test(line)) {
      blocks.push({ type: 'heading', children: parseInline(line.trim().replace(/^#+/, '').trim()) });
      i++;
    } else if (ITEM.test(line) && depth < MAX_DEPTH) {
      i = parseList(lines, i, blocks, depth);
    } else {
      const text = [line.trim()];
      while (++i < lines.length && lines[i].trim() && !startsBlock(lines[i])) text.push(lines[i].trim());
      blocks.push({ type: 'paragraph', children: parseInline(text.join('\n')) });
    }
  }
  return blocks;
}

/** Reads the list starting at `lines[start]` into `blocks`; returns the index of the first line after it. */
function parseList(lines: string[], start: number, blocks: Block[], depth: number): number {
  const first = ITEM.exec(lines[start])!;
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items: string[][] = [];
  let width = 0;
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const item = ITEM.exec(line);
    // Indented by two or more, an item belongs to the current item (a nested list); otherwise it is a sibling.
    if (item && item[1].length < indent + 2) {
      if (/\d/.test(item[2]) !== ordered) break;
      width = item[0].length;
      items.push([line.slice(width)]);
    } else if (line.trim() && indentOf(line) < indent + 2 && (!lines[i - 1].trim() || startsBlock(line))) {
      break;
    } else {
      // A continuation: indented under the item, or a lazy line of its paragraph.
      items[items.length - 1].push(line.slice(Math.min(indentOf(line), width)));
    }
  }
  blocks.push({
    type: 'list',
    start: ordered ? Number.parseInt(first[2], 10) : null,
    items: items.map((item) => parseMarkdown(item.join('\n'), depth + 1)),
  });
  return i;
}

// One pass over the text: each alternative is one inline construct (its groups say which), tried in this order at each
// position; text between matches stays text. Spans are bounded in length, so text that opens and never closes costs
// a bounded look-ahead at each opener rather than a scan to the end.
const INLINE = new RegExp(
  [
    String.raw`\\([!-/:-@[-\x60{-~])`, // 1: a backslash escape
    String.raw`(?<!\x60)(\x60+)([^\x60][\s\S]{0,2000}?)(?<!\x60)\2(?!\x60)`, // 2, 3: a code span, closed by as many backticks
    String.raw`\[([^[\]]{1,500})\]\(<?((?:[^\s()<>]|\([^\s()<>]*\))*)>?(?: +"[^"]*")?\)`, // 4, 5: [text](url "title")
    String.raw`<(https?:\/\/[^\s<>]+)>|(?<![\p{L}\p{N}])(https?:\/\/[^\s<>]*[^\s<>.,:;!?'")\]*_])`, // 6, 7: URLs
    // 8, 9: strong and 10, 11: emphasis; `_` and `__` only at word edges, so snake_case names stay as they are.
    String.raw`(\*\*|(?<![\p{L}\p{N}])__)(?!\s)([\s\S]{1,500}?)(?<!\s)\8(?!(?<=_)[\p{L}\p{N}])`,
    String.raw`(\*|(?<![\p{L}\p{N}])_)(?!\s|\10)([\s\S]{1,500}?)(?<!\s|\10)\10(?!\10|(?<=_)[\p{L}\p{N}])`,
  ].join('|'),
  'gu',
);

export function parseInline(text: string, depth = 0, inLink = false): Inline[] {
  const tokens: Inline[] = [];
  const nested = (inner: string, link = inLink) =>
    depth < MAX_DEPTH ? parseInline(inner, depth + 1, link) : [{ type: 'text' as const, text: inner }];
  const add = (token: Inline) => {
    const last = tokens[tokens.length - 1];
    if (token.type === 'text' && last?.type === 'text') last.text += token.text;
    else if (token.type !== 'text' || token.text) tokens.push(token);
  };
  let end = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, escaped, , code, label, href, autolink, bare, strong, strongText, , emText] = match;
    add({ type: 'text', text: text.slice(end, match.index) });
    end = match.index + whole.length;
    const url = autolink ?? bare;
    if (escaped) add({ type: 'text', text: escaped });
    else if (code !== undefined) add({ type: 'code', text: code.replace(/\n/g, ' ').replace(/^ (.*[^ ]) $/, '$1') });
    // No link inside a link's text: a label holds no brackets, so an address is the only link it can contain.
    else if (inLink && url) add({ type: 'text', text: whole });
    else if (label !== undefined) add({ type: 'link', href, children: nested(label, true) });
    else if (url) add({ type: 'link', href: url, children: [{ type: 'text', text: url }] });
    else add({ type: strong ? 'strong' : 'em', children: nested(strongText ?? emText) });
  }
  add({ type: 'text', text: text.slice(end) });
  return tokens;
}

/** The words of Markdown source without its marks, on one line: for places that show a line of text, not a document. */
export function markdownText(source: string): string {
  const inline = (tokens: Inline[]): string =>
    tokens.map((token) => ('text' in token ? token.text : inline(token.children))).join('');
  const block = (token: Block): string =>
    token.type === 'code'
      ? token.text
      : token.type === 'list'
        ? token.items.map((item) => item.map(block).join(' ')).join(' ')
        : inline(token.children);
  return parseMarkdown(source).map(block).join(' ').replace(/\s+/g, ' ').trim();
}
