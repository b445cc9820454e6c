// Writes a Reply, and never lets a client that stops reading hold it. node buffers whatever the socket cannot take,
// so a client that asks for a large answer and reads nothing would keep that memory (and the socket) forever. Large
// bodies go out in slices, one more each time the socket drains; a client that lets no slice through for
// `timeoutMs` loses its connection, and with it the buffered answer.
import type { ServerResponse } from 'node:http';
import type { EventStream } from '../core/http/event-stream.js';
import type { Reply } from '../core/http/reply.js';

// Above this, a body is written in slices of this size; below, in one write (the common case costs no timer).
const SLICE_BYTES = 64 * 1024;

/** Writes a reply. */
export function send(res: ServerResponse, reply: Reply, timeoutMs: number): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, reply.headers);
  if (reply.stream) return sendEvents(res, reply.stream, timeoutMs);
  const body = reply.body;
  if (body === undefined || body.length <= SLICE_BYTES) {
    res.end(body);
    // Usually the socket has handed the whole answer to the kernel by now: nothing is left for a slow reader to hold,
    // and no timer is needed. Only what the socket still buffers is guarded.
    if (!res.writableFinished && (res.socket?.writableLength ?? 0) > 0) dropIfStalled(res, timeoutMs);
  } else {
    writeInSlices(res, typeof body === 'string' ? Buffer.from(body) : body, timeoutMs);
  }
}

/** Destroys the connection unless the rest of the answer (at most one slice) is taken in within `timeoutMs`. */
function dropIfStalled(res: ServerResponse, timeoutMs: number): void {
  const timer = setTimeout(() => res.destroy(), timeoutMs);
  res.once('close', () => clearTimeout(timer));
  res.once('finish', () => clearTimeout(timer));
}

function writeInSlices(res: ServerResponse, body: Uint8Array, timeoutMs: number): void {
  let offset = 0;
  let stallTimer: NodeJS.Timeout | undefined;
  const handleDrain = () => {
    clearTimeout(stallTimer);
    while (offset < body.length) {
      const end = Math.min(offset + SLICE_BYTES, body.length);
      const drained = res.write(body.subarray(offset, end));
      offset = end;
      if (!drained) {
        // Progress means a drain; none for `timeoutMs` means the client is not reading. The last slice waits for its
        // drain too, so the clock never runs over more than one slice.
        stallTimer = setTimeout(() => res.destroy(), timeoutMs);
        res.once('drain', handleDrain);
        return;
      }
    }
    res.end();
  };
  res.once('close', () => {
    clearTimeout(stallTimer);
    // Stryker disable next-line StringLiteral: a closed response drains no more, so the listener left would never run
    res.off('drain', handleDrain);
  });
  handleDrain(); // the first slices go at once, as after a drain
}

/**
 * Sends events as they come. A client that stops reading loses its connection once the socket has held unsent events
 * for `timeoutMs` without handing any of them on; a client that leaves (or is dropped) ends the stream, and with it
 * the call.
 */
function sendEvents(res: ServerResponse, events: EventStream, timeoutMs: number): void {
  // The headers go out now: a client waits for them before it reads any event.
  res.flushHeaders();
  // Events written that the socket has not yet handed to the kernel. The clock runs from the first of them, and again
  // from each one handed on: a watcher's events are small, and the kernel takes megabytes of them before node itself
  // would say it is backed up (`write` returning false), so waiting for that would let a watcher that never reads
  // hold its buffers for ever.
  let unsent = 0;
  let stallTimer: NodeJS.Timeout | undefined;
  const stalled = () => res.destroy();
  const handedOn = () => {
    unsent--;
    // Stryker disable next-line OptionalChaining: the write this is the callback of set the timer first
    if (unsent > 0) stallTimer?.refresh();
    else clearTimeout(stallTimer);
  };
  res.once('close', () => {
    clearTimeout(stallTimer);
    events.clientGone();
  });
  events.attach({
    write(text) {
      if (unsent++ === 0) stallTimer = setTimeout(stalled, timeoutMs);
      res.write(text, handedOn);
    },
    end: () => res.end(),
  });
}
