// MCP answers as a person reads them in the page, for a terminal: text as it is (JSON pretty-printed when it parses),
// other content as one line saying what it is. `--json` prints the exact answer instead.
import { isPlainObject } from '../../../protocol/index.js';

/** A call's result: its content items, then its structuredContent when no text item already says it. */
export function readableCallResult(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const parts = content.map(readableContent);
  if (result.structuredContent !== undefined && !content.some((item) => isPlainObject(item) && item.type === 'text')) {
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  }
  return parts.join('\n');
}

/** One content block (text, image, audio, resource link, embedded resource). */
export function readableContent(item: unknown): string {
  if (!isPlainObject(item)) return JSON.stringify(item);
  switch (item.type) {
    case 'text':
      return prettyText(String(item.text ?? ''));
    case 'image':
    case 'audio':
      return `[${item.type} ${String(item.mimeType ?? '')}, ${base64Bytes(item.data)} bytes]`;
    case 'resource_link':
      return `[resource link ${String(item.uri)}${item.name ? ` (${String(item.name)})` : ''}]`;
    case 'resource':
      return readableResourceContents(item.resource);
    default:
      return JSON.stringify(item);
  }
}

/** One item of a resource's contents: its text, or what its binary is. */
export function readableResourceContents(contents: unknown): string {
  if (!isPlainObject(contents)) return JSON.stringify(contents);
  if (typeof contents.text === 'string') return prettyText(contents.text);
  const mime = contents.mimeType ? ` ${String(contents.mimeType)}` : '';
  return `[resource ${String(contents.uri)}${mime}, ${base64Bytes(contents.blob)} bytes]`;
}

/** A prompt's messages, each after its role. */
export function readablePrompt(result: Record<string, unknown>): string {
  const messages = Array.isArray(result.messages) ? result.messages : [];
  return messages
    .map((message) => {
      const { role, content } = isPlainObject(message) ? message : {};
      const blocks = Array.isArray(content) ? content : [content];
      return `${String(role)}: ${blocks.map(readableContent).join('\n')}`;
    })
    .join('\n\n');
}

function prettyText(text: string): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
