// Turns whatever a tool handler returned (or threw) into an MCP CallToolResult.
import type { CallResult, Content } from '../../types.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';

export class MalformedResultError extends Error {
  // Stryker disable next-line StringLiteral: only its message reaches an answer or the log
  override name = 'MalformedResultError';
}

export function errorResult(text: string): CallResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * The message of anything a handler threw: Errors, strings, error-like objects from other realms or libraries
 * (`{message}`), other objects as JSON (never "[object Object]"), and values whose toString itself throws.
 */
export function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  try {
    if (typeof value === 'object' && value !== null) {
      const { message } = value as { message?: unknown };
      if (typeof message === 'string' && message) return message;
      const json = JSON.stringify(value);
      if (json !== undefined && json !== '{}') return json;
    }
    return String(value); // a string as it is
  } catch {
    return 'The tool handler failed with a value that cannot be described.';
  }
}

function checkContent(content: unknown): Content[] {
  if (!Array.isArray(content)) throw new MalformedResultError('its content is not an array');
  const bad = content.findIndex((item) => !isPlainObject(item) || typeof item.type !== 'string');
  if (bad !== -1) throw new MalformedResultError(`content[${bad}] is not a content object with a string "type"`);
  return content as Content[];
}

function checkIsError(isError: unknown): boolean {
  if (isError !== undefined && typeof isError !== 'boolean') throw new MalformedResultError('isError is not a boolean');
  return isError === true;
}

function fromTuple([content, isError, traceId]: unknown[]): CallResult {
  const result: CallResult = { content: checkContent(content), isError: checkIsError(isError) };
  if (traceId !== undefined && traceId !== null && typeof traceId !== 'string') {
    throw new MalformedResultError('its trace id is not a string');
  }
  if (traceId) result._meta = { _trace_id: traceId };
  return result;
}

// A CallToolResult from an MCP client passes through, keeping its structuredContent and _meta.
function fromCallResult(returned: Record<string, unknown>): CallResult {
  const result: CallResult = { content: checkContent(returned.content), isError: checkIsError(returned.isError) };
  if (returned.structuredContent !== undefined) {
    if (!isPlainObject(returned.structuredContent))
      throw new MalformedResultError('structuredContent is not an object');
    result.structuredContent = returned.structuredContent;
  }
  if (returned._meta !== undefined) {
    if (!isPlainObject(returned._meta)) throw new MalformedResultError('_meta is not an object');
    result._meta = returned._meta;
  }
  return result;
}

/** Accepts `[content, isError, traceId?]` or `{content, isError?, structuredContent?, _meta?}`. */
export function toCallResult(returned: unknown): CallResult {
  if (Array.isArray(returned) && (returned.length === 2 || returned.length === 3)) return fromTuple(returned);
  if (isPlainObject(returned)) return fromCallResult(returned);
  throw new MalformedResultError('expected [content, isError, traceId?] or a CallToolResult object');
}
