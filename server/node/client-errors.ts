// Answers for what node:http refuses before the console sees a request: bytes it cannot parse, headers or a chunk
// extension past its limits, a request that does not arrive in time, and CONNECT. Node's own answers are bare text
// without nosniff, and CONNECT gets none at all; these are JSON like every other answer. The connection cannot go on
// after any of them, so each says `Connection: close` and the socket is closed.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

const ALLOW = 'GET, HEAD, POST, OPTIONS';

interface ClosingAnswer {
  head: string;
  body: string;
}

function closingAnswer(status: number, error: string, extraHeaders: Record<string, string> = {}): ClosingAnswer {
  const body = JSON.stringify({ error });
  const headers = {
    'Content-Type': 'application/json',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return { head: `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n`, body };
}

const MALFORMED = closingAnswer(400, 'Malformed HTTP request: it could not be parsed.');
// By the error codes node's parser and its request timer use (an error without a code finds none).
const ANSWERS = new Map<string | undefined, ClosingAnswer>([
  ['HPE_HEADER_OVERFLOW', closingAnswer(431, 'The request headers are too large.')],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', closingAnswer(413, 'A chunk extension in the request body is too large.')],
  ['ERR_HTTP_REQUEST_TIMEOUT', closingAnswer(408, 'The request did not arrive in time.')],
]);
const CONNECT_REFUSED = closingAnswer(405, 'CONNECT is not supported: this server tunnels nothing.', { Allow: ALLOW });

// A HEAD request's answer has no body: bytes after the head would be read as garbage, or as the next answer. The
// parser does not say which method it refused, so the bytes it was reading are searched for a HEAD request line; a
// false match costs only the body. (A timeout comes with no bytes, so its answer keeps its body.)
const HEAD_REQUEST_LINE = /(?:^|\n)HEAD /;

function mayBeHead(rawPacket: unknown): boolean {
  return Buffer.isBuffer(rawPacket) && HEAD_REQUEST_LINE.test(rawPacket.toString('latin1'));
}

/** Writes `answer` (its body unless `headOnly`) when the socket can still take one, then closes it. */
function answerAndClose(socket: Duplex, answer: ClosingAnswer, headOnly = false): void {
  // An answer already under way on this connection must not be followed by another: the client would read the
  // second as the rest of the first. (`_httpMessage` is the response node is writing; node checks it the same way.)
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !current?.headersSent) socket.write(headOnly ? answer.head : answer.head + answer.body);
  socket.destroy();
}

/** The server's `clientError` listener: a request node:http could not take. */
export function handleClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  answerAndClose(socket, ANSWERS.get(error.code) ?? MALFORMED, mayBeHead(error.rawPacket));
}

/** The server's `connect` listener: this server opens no tunnels. */
export function handleConnect(_req: unknown, socket: Duplex): void {
  answerAndClose(socket, CONNECT_REFUSED);
}
