// An app's `ui/message` or `ui/update-model-context` as plain text for the person to read: the words of its text
// blocks, the other blocks named, structured content as JSON. Only ever shown as text, never as markup.
import { prettyJson } from '../display/format.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

function blockText(block: unknown): string {
  if (!isPlainObject(block)) return '';
  if (block.type === 'text') return typeof block.text === 'string' ? block.text : '';
  const resource = isPlainObject(block.resource) ? block.resource : block;
  const uri = typeof resource.uri === 'string' ? ` ${resource.uri}` : '';
  return `[${String(block.type)}${uri}]`;
}

/** The text of `content` blocks, one per line, and `structured` content (when given) as JSON after them. */
export function messageText(content: unknown, structured?: unknown): string {
  const lines = Array.isArray(content) ? content.map(blockText).filter(Boolean) : [];
  if (structured !== undefined) lines.push(prettyJson(structured));
  return lines.join('\n');
}
