// The last step before an answer is written: the form of it this request gets. Answers built once (CachedReply) keep
// their forms; any other answer (a call result, a validation answer, an error) above 1 KiB is compressed for this
// request alone, quickly rather than tightly, since the work is redone for every request.
import { CachedReply, type RequestConditions } from './cached-reply.js';
import { utf8Bytes } from '../platform/bytes.js';
import { chooseCoding, isCompressibleType, MIN_COMPRESSED_BYTES } from './content-encoding.js';
import type { ConsolePlatform } from '../platform/platform.js';
import { contentLength, type Reply } from './reply.js';
import { addVary } from './vary.js';

/** What routes answer with: a reply made for this request, or one built once and shared. */
export type Answer = Reply | CachedReply;

/** The body's size in bytes: its Content-Length, which every reply but a 204 carries (contentLength()). */
function bodyBytes({ body, headers }: Reply): number {
  // Stryker disable next-line StringLiteral: the header, when there, is the body's own length: measuring gives the same
  return Number(headers['Content-Length'] ?? contentLength(body));
}

/** The reply to write for `answer`, given the request it answers. Never rejects. */
export function negotiateReply(
  answer: Answer,
  request: RequestConditions,
  platform: ConsolePlatform,
): Reply | Promise<Reply> {
  if (answer instanceof CachedReply) return answer.answer(request, platform);
  const { body, headers } = answer;
  // Most answers are small: they are sent untouched, at the cost of these few checks.
  if (body === undefined || bodyBytes(answer) < MIN_COMPRESSED_BYTES) return answer;
  if (headers['Content-Encoding'] !== undefined || !isCompressibleType(headers['Content-Type'])) return answer;
  const identity = typeof body === 'string' ? utf8Bytes(body) : body;
  const varied = { ...headers, Vary: addVary(headers.Vary, 'Accept-Encoding') };
  const coding = chooseCoding(request.header('accept-encoding'), platform.codings);
  const plain: Reply = { ...answer, headers: varied };
  if (coding === undefined) return plain;
  return platform.compress(identity, coding, 'request').then(
    (encoded) =>
      encoded.length < identity.length
        ? {
            ...answer,
            headers: { ...varied, 'Content-Encoding': coding, 'Content-Length': contentLength(encoded) },
            body: encoded,
          }
        : plain,
    () => plain,
  );
}
