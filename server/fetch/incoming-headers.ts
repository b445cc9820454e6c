// The headers of the Node request a Fetch `Request` was made from, where the server hands that request to the handler:
// @hono/node-server calls every fetch handler as `fetch(request, { incoming, outgoing })` (Hono's `HttpBindings`).
// Read there, a header is a property of node's own header record. Read through the `Request`, each lookup pays
// @hono/node-server's checks again (the name validated and lower-cased, the value checked, the raw headers scanned
// for the ones it must not join): about 5,000 instructions of a call's 111,000 in callgrind, half of what the Fetch
// adapter cost beyond a bare Fetch handler. The values are the ones the client sent; node keeps only the first of a
// repeated Content-Type or Content-Length, as the node adapter sees them.
// Kept because the server benchmark needs it (2026-11-25, call route, paired runs): reading through the `Request`
// instead, Fetch calls measured 0.93 and 0.91x of bare at 100 tools and 0.87 and 0.91x at 10,000, against 0.94-0.97x
// and 0.91-0.92x with this (docs/performance.md). The price: headers a middleware changed on the `Request` are not
// seen here (docs/server.md says so).
import type { NodeHeaderRecord } from '../core/http/console-request.js';

/** Node's header record behind `env`, when that is @hono/node-server's bindings (not a Workers binding `incoming`). */
export function incomingHeadersOf(env: unknown): NodeHeaderRecord | undefined {
  const incoming = (env as { incoming?: { headers?: unknown; rawHeaders?: unknown } } | null | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null || !Array.isArray(incoming.rawHeaders)) return undefined;
  return typeof incoming.headers === 'object' && incoming.headers !== null
    ? (incoming.headers as NodeHeaderRecord)
    : undefined;
}
