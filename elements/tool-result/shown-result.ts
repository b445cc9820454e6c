// What the Result tab shows of a CallResult, and the text its Copy button copies.
import type { CallResult } from '../api.js';
import { prettyJson, prettyJsonText } from '../display/format.js';
import { isJsonOf } from './json-twin.js';

export interface ShownResult {
  /** The content items to show: all but the text items that repeat the structured content. */
  items: unknown[];
  /** Whether a text item repeated the structured content (and is left out). */
  twin: boolean;
}

type Item = { type?: unknown; text?: unknown; resource?: { text?: unknown } } | null | undefined;

export function shownResult(result: CallResult): ShownResult {
  const { content, structuredContent } = result;
  const items =
    structuredContent === undefined
      ? content
      : content.filter((item: Item) => !(item?.type === 'text' && isJsonOf(item.text, structuredContent)));
  return { items, twin: items.length < content.length };
}

/** The shown text, as shown: text items (JSON pretty-printed), embedded text resources, then structured content. */
export function shownText(result: CallResult, shown: ShownResult): string {
  const texts: string[] = [];
  for (const item of shown.items as Item[]) {
    const text = item?.type === 'text' ? item.text : item?.type === 'resource' ? item.resource?.text : undefined;
    if (typeof text === 'string') texts.push(prettyJsonText(text) ?? text);
  }
  if (result.structuredContent !== undefined) texts.push(prettyJson(result.structuredContent));
  return texts.join('\n\n');
}
