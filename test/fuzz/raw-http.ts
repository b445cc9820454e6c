// HTTP over a bare socket, for requests no well-behaved client would send: bytes on the wire exactly as given,
// trickled slowly, or cut off mid-request. Answers are parsed by hand, so a malformed one is caught, not repaired.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One step of a raw exchange: bytes to write, a pause, or hanging up mid-request. */
export type RawStep = Buffer | { pauseMs: number } | 'hang-up';

/**
 * Plays `steps` on a fresh connection and returns every answer the server wrote before closing (requests should
 * carry `Connection: close`). An exchange that hangs up returns what arrived until then. Rejects if the server
 * neither answers nor closes within `timeoutMs`, or sends bytes that are not well-formed HTTP/1.1 responses.
 */
export function rawExchange(port: number, steps: readonly RawStep[], timeoutMs = 10_000): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) return reject(error);
      try {
        resolve(parseAnswers(Buffer.concat(received)));
      } catch (parseError) {
        reject(parseError as Error);
      }
    };
    const timer = setTimeout(() => finish(new Error(`no answer and no close within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // The server may reset a connection it refused while we still write; what it answered before counts.
    socket.on('error', () => finish());
    socket.once('connect', async () => {
      for (const step of steps) {
        if (settled || socket.destroyed) return;
        if (step === 'hang-up') return finish();
        if (Buffer.isBuffer(step)) socket.write(step);
        else await new Promise((wake) => setTimeout(wake, step.pauseMs));
      }
    });
  });
}

const STATUS_LINE = /^HTTP\/1\.1 (\d{3}) [^\r\n]*$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/** Splits a byte stream into HTTP/1.1 responses; throws on anything malformed. Bodies need a Content-Length. */
export function parseAnswers(bytes: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', offset);
    if (headEnd === -1)
      throw new Error(
        `truncated response head: ${JSON.stringify(bytes.subarray(offset, offset + 200).toString('latin1'))}`,
      );
    const [statusLine, ...headerLines] = bytes.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const status = STATUS_LINE.exec(statusLine!);
    if (!status) throw new Error(`malformed status line: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const header = HEADER_LINE.exec(line);
      if (!header) throw new Error(`malformed header line: ${JSON.stringify(line)}`);
      headers[header[1]!.toLowerCase()] = header[2]!;
    }
    const length = headers['content-length'] === undefined ? 0 : Number(headers['content-length']);
    if (!Number.isSafeInteger(length) || length < 0)
      throw new Error(`bad Content-Length: ${headers['content-length']}`);
    const bodyStart = headEnd + 4;
    if (bodyStart + length > bytes.length) throw new Error(`body shorter than its Content-Length ${length}`);
    answers.push({ status: Number(status[1]), headers, body: bytes.subarray(bodyStart, bodyStart + length) });
    offset = bodyStart + length;
  }
  return answers;
}
