// The one thing every answer to a question says first: accept, decline or cancel.
import { HttpError } from '../http/http-error.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';

/**
 * The action of an answer a client sent (400 naming the three forms otherwise); `accepted` names the field an
 * accepting answer carries (`content`, `result`).
 */
export function answerAction(body: unknown, accepted: string): 'accept' | 'decline' | 'cancel' {
  const action = isPlainObject(body) ? body.action : undefined;
  if (action === 'accept' || action === 'decline' || action === 'cancel') return action;
  throw new HttpError(
    400,
    `An answer is {"action": "accept", "${accepted}": {...}}, {"action": "decline"} or {"action": "cancel"}.`,
  );
}
