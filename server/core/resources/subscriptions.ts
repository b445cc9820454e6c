// POST /resources/subscribe and /resources/unsubscribe: the page wants to hear (or no longer) when a resource changes.
// The host's subscriber (an MCP server's `resources/subscribe`) starts telling the console, which tells every watching
// page as a `resource-updated` event. Guarded exactly like a resource read: 403 when execution is off, 404 without
// subscriptions, the body (413, 400), the auth hook's 401, the subscriber within `callTimeoutMs` (504); then 204.
import type { DeadlineList } from '../calls/deadlines.js';
import { runHostAction } from '../calls/host-action.js';
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import { createReply } from '../http/reply.js';
import type { Reply } from '../http/reply.js';
import type { ConsoleSettings } from '../options.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';

const BAD_BODY = 'The body must be {"uri": "<resource URI>"}.';

function uriOf(body: unknown): string {
  const uri = isPlainObject(body) ? body.uri : undefined;
  if (typeof uri !== 'string' || uri === '') throw new HttpError(400, BAD_BODY);
  return uri;
}

export function changeSubscription(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  request: ConsoleRequest,
  change: 'subscribe' | 'unsubscribe',
): Promise<Reply> {
  const subscriber = change === 'subscribe' ? settings.subscribeResource : settings.unsubscribeResource;
  if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
  if (subscriber === undefined) throw new HttpError(404, 'This console offers no resource subscriptions.');
  return runHostAction(settings, timeLimit, request, {
    label: change === 'subscribe' ? 'The subscription' : 'Ending the subscription',
    doing: `${change === 'subscribe' ? 'subscribing to' : 'unsubscribing from'} a resource`,
    parse: uriOf,
    run: (uri) => subscriber(uri, request.raw as never),
    answer: () => createReply(204, {}),
  });
}
