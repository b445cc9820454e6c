// How a test server built on node:http reads a request's body: the whole of it, as text (the fixtures parse it
// themselves, as JSON or as a form).
import type { IncomingMessage } from 'node:http';

/** Resolves with the request's body as UTF-8 text once it has all arrived. */
export function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
