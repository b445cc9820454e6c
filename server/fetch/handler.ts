// createFetchHandler: the console as `(request: Request) => Promise<Response>`, for Bun, Deno, Cloudflare Workers, Hono
// and every other runtime built on the Fetch API. A thin adapter: it wraps the request for the core and turns the
// core's reply into a Response. Same options, routes, statuses, bodies, headers and limits as createHandler.
import { createConsoleCore } from '../core/console-core.js';
import type { EventStream } from '../core/http/event-stream.js';
import { errorReply, type Reply } from '../core/http/reply.js';
import { webPlatform } from '../core/platform/web-platform.js';
import { nodePlatform } from '../node/node-platform.js';
import type { ToolConsoleOptions } from '../types.js';
import { FetchRequest } from './fetch-request.js';
import { incomingHeadersOf } from './incoming-headers.js';

export interface FetchHandler {
  /**
   * `env`: what the runtime passes a fetch handler besides the request (Workers' bindings, Bun's server, Deno's info,
   * @hono/node-server's `{ incoming, outgoing }`); only @hono/node-server's is read, for the request's headers.
   */
  (request: Request, env?: unknown): Promise<Response>;
  /** Ends the event streams the console holds open (pages watching the tool list), so the server can close. */
  close(): void;
}

// Statuses whose answer has no body at all (the Response constructor refuses one).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

// A client that leaves this much of a stream unread is not reading: the stream is ended, and with it the call. An
// event is never refused for its own size (a large list or result goes out whole); the next one is, if the client has
// not taken in the earlier ones by then.
const MAX_UNREAD_EVENT_BYTES = 1024 * 1024;
const QUEUED_EVENT_BYTES = 64 * 1024;

/** The events of a streamed answer as a byte stream; the client cancelling it is the client going away. */
function eventBody(events: EventStream): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // Once the stream is errored or closed, its controller throws on every call: nothing may reach it then.
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        events.attach({
          write(text) {
            if (!open) return;
            const unread = QUEUED_EVENT_BYTES - (controller.desiredSize ?? 0);
            if (unread > MAX_UNREAD_EVENT_BYTES) {
              open = false;
              controller.error(new Error('The client stopped reading the event stream.'));
              return events.clientGone();
            }
            controller.enqueue(encoder.encode(text));
          },
          end() {
            if (!open) return;
            open = false;
            controller.close();
          },
        });
      },
      cancel() {
        open = false;
        events.clientGone();
      },
    },
    { highWaterMark: QUEUED_EVENT_BYTES, size: (chunk) => chunk.byteLength },
  );
}

function toResponse(reply: Reply, method: string): Response {
  const body =
    NULL_BODY_STATUSES.has(reply.status) || method === 'HEAD'
      ? null
      : reply.stream
        ? eventBody(reply.stream)
        : reply.body;
  // Bytes are a Uint8Array, which Response takes as it is.
  // `encodeBody: 'manual'` tells Cloudflare Workers the body is already in its Content-Encoding (by default it would
  // compress it again); other runtimes ignore the field and send the bytes as they are.
  // The reply's own header record, not a Headers object: @hono/node-server answers a Response made from a record
  // without building the web platform's Response at all, and every runtime takes one. Runtimes copy the record or only
  // read it, so a cached answer's is safe.
  const init = { status: reply.status, headers: reply.headers, encodeBody: 'manual' } as ResponseInit;
  return new Response((body ?? null) as BodyInit | null, init);
}

export function createFetchHandler(options: ToolConsoleOptions<Request>): FetchHandler {
  // node's modules where the runtime has them (node, Bun, Deno; Workers with nodejs_compat): the page from its folder,
  // Brotli. Without them (Workers), the web platform's: gzip, and the page only as the `pageFiles` option.
  const core = createConsoleCore(options, nodePlatform() ?? webPlatform);
  const { logger } = core.settings;
  // The core turns every route's failure into an answer; this is for what fails around it (writing the answer). A
  // rejected promise would reach the runtime's own error page, which may show the stack and the server's paths.
  const failed = (error: unknown): Response => toResponse(errorReply(error, logger), 'GET');
  // Not an async function: most answers are ready at once, and a call's is one promise away; an async wrapper would
  // add a promise and a suspended frame to every request.
  const toolConsole = function toolConsole(request: Request, env?: unknown): Promise<Response> {
    try {
      const consoleRequest = new FetchRequest(request, incomingHeadersOf(env));
      const response = core.handle(consoleRequest, (reply) => toResponse(reply, request.method), failed);
      return response instanceof Promise ? response : Promise.resolve(response);
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  };
  return Object.assign(toolConsole, { close: () => core.close() });
}
