// Sampling questions (MCP `sampling/createMessage`): the conversation a server wants the client's model to continue,
// put to the user, who replies as the model. Only shapes are checked here: what a message holds is shown by the page
// as text, never as markup.
import { HttpError } from '../http/http-error.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { answerAction } from './answer-action.js';
import type { SampleAnswer, SampleRequest, SampleResult } from '../../types.js';

/** The request's fields MCP defines, as sent on the stream (nothing else a handler passed leaks out). */
const WIRE_FIELDS = [
  'messages',
  'systemPrompt',
  'maxTokens',
  'temperature',
  'stopSequences',
  'includeContext',
  'modelPreferences',
  'tools',
  'toolChoice',
  'metadata',
] as const;

/** Throws a TypeError naming what is wrong with a handler's `ctx.sample` argument. */
export function checkSampleRequest(request: unknown): asserts request is SampleRequest {
  const fail = (what: string) => {
    throw new TypeError(`tool-console: ctx.sample ${what}`);
  };
  if (!isPlainObject(request))
    fail('takes {messages, maxTokens, systemPrompt?, ...} (MCP CreateMessageRequest params)');
  const { messages, maxTokens } = request as Record<string, unknown>;
  if (
    !Array.isArray(messages) ||
    !messages.every((message) => isPlainObject(message) && (message.role === 'user' || message.role === 'assistant'))
  ) {
    fail('needs messages: [{role: "user" | "assistant", content}]');
  }
  if (typeof maxTokens !== 'number' || !Number.isFinite(maxTokens)) fail('needs maxTokens (a number)');
}

export function sampleWireParams(request: SampleRequest): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of WIRE_FIELDS) if (request[field] !== undefined) params[field] = request[field];
  return params;
}

const isContentBlock = (block: unknown) =>
  isPlainObject(block) &&
  ((block.type === 'text' && typeof block.text === 'string') ||
    ((block.type === 'image' || block.type === 'audio') &&
      typeof block.data === 'string' &&
      typeof block.mimeType === 'string'));

/** Copies the optional fields MCP defines on content blocks and results (`annotations`, `_meta`), when objects. */
function withOptional(copy: Record<string, unknown>, from: Record<string, unknown>, fields: readonly string[]) {
  for (const field of fields) if (isPlainObject(from[field])) copy[field] = from[field];
  return copy;
}

/** A checked content block with only the fields MCP defines for its type. */
function wireBlock(block: Record<string, unknown>): Record<string, unknown> {
  const copy =
    block.type === 'text'
      ? { type: block.type, text: block.text }
      : { type: block.type, data: block.data, mimeType: block.mimeType };
  return withOptional(copy, block, ['annotations', '_meta']);
}

/**
 * The user's reply, checked to be a `CreateMessageResult` (400 with what is wrong otherwise; the question stays open),
 * and passed on with only the fields MCP defines: what else a client sent never reaches the handler or the server.
 */
export function parseSampleAnswer(body: unknown): SampleAnswer {
  const action = answerAction(body, 'result');
  if (action !== 'accept') return { action };
  const result = (body as Record<string, unknown>).result;
  const invalid = (what: string) => new HttpError(400, `The reply is not a CreateMessageResult: ${what}.`);
  if (!isPlainObject(result)) throw invalid('"result" must be an object');
  if (result.role !== 'assistant') throw invalid('its role must be "assistant"');
  if (typeof result.model !== 'string' || result.model.trim() === '') throw invalid('it must name its model');
  const { content } = result;
  if (!(isContentBlock(content) || (Array.isArray(content) && content.length > 0 && content.every(isContentBlock)))) {
    throw invalid('its content must be a text, image or audio block, or a list of them');
  }
  if (result.stopReason !== undefined && typeof result.stopReason !== 'string')
    throw invalid('stopReason must be a string');
  const wire: Record<string, unknown> = {
    role: result.role,
    content: Array.isArray(content) ? content.map(wireBlock) : wireBlock(content as Record<string, unknown>),
    model: result.model,
  };
  if (result.stopReason !== undefined) wire.stopReason = result.stopReason;
  return { action, result: withOptional(wire, result, ['_meta']) as unknown as SampleResult };
}
