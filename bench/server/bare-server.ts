// The baselines: the same routes and the same JSON with nothing but node:http (or a bare Fetch handler) and
// precomputed answers — about the least work any server can do for them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { benchmarkHandler } from './workload.js';
import type { Tool } from '../../server/index.js';

function sendJson(res: ServerResponse, status: number, body: string | Buffer): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

async function call(name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let args: Record<string, unknown>;
  try {
    args = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    args = {};
  }
  const [content, isError, traceId] = await benchmarkHandler(name, args);
  sendJson(res, isError ? 500 : 200, JSON.stringify({ content, isError, _meta: { _trace_id: traceId } }));
}

export function createBareServer(tools: Tool[]): Server {
  const summaries = Buffer.from(
    JSON.stringify(tools.map(({ name, description, annotations }) => ({ name, description, annotations }))),
  );
  const details = new Map(tools.map((tool) => [tool.name, Buffer.from(JSON.stringify(tool))]));
  return createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/tools') return sendJson(res, 200, summaries);
    if (url.endsWith('/call')) {
      const name = decodeURIComponent(url.slice(7, -5));
      if (details.has(name)) return void call(name, req, res);
    }
    const detail = details.get(decodeURIComponent(url.slice(7)));
    if (detail) return sendJson(res, 200, detail);
    sendJson(res, 404, '{"error":"Not found"}');
  });
}

/** The same baseline as a Fetch handler, for the Fetch adapter's comparison. */
export function createBareFetchHandler(tools: Tool[]): (request: Request) => Promise<Response> {
  const summaries = JSON.stringify(
    tools.map(({ name, description, annotations }) => ({ name, description, annotations })),
  );
  const details = new Map(tools.map((tool) => [tool.name, JSON.stringify(tool)]));
  const json = (status: number, body: string) =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/tools') return json(200, summaries);
    if (path.endsWith('/call')) {
      const name = decodeURIComponent(path.slice(7, -5));
      if (details.has(name)) {
        let args: Record<string, unknown>;
        try {
          args = (await request.json()) as Record<string, unknown>;
        } catch {
          args = {};
        }
        const [content, isError, traceId] = await benchmarkHandler(name, args);
        return json(isError ? 500 : 200, JSON.stringify({ content, isError, _meta: { _trace_id: traceId } }));
      }
    }
    const detail = details.get(decodeURIComponent(path.slice(7)));
    return detail ? json(200, detail) : json(404, '{"error":"Not found"}');
  };
}
