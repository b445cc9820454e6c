// How the protocol log listens on a transport: what goes out through `send` and what comes in through whatever
// `onmessage` handler is installed, each message once however many handlers pass it on (the SDK chains its own in
// front of the one it found), and a handler read and installed again stays the one handler. A transport object stands
// in for the SDK's, so each way the SDK touches it can be done on purpose; real servers are in protocol-log.test.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Transport } from '@modelcontextprotocol/client';
import type * as Ring from '../../server/mcp/protocol-log/message-ring.js';
import type * as Record from '../../server/mcp/protocol-log/record-transport.js';

let MessageRing: typeof Ring.MessageRing;
let recordTransport: typeof Record.recordTransport;

before(async () => {
  ({ MessageRing } = await import('../../server/mcp/protocol-log/message-ring.js'));
  ({ recordTransport } = await import('../../server/mcp/protocol-log/record-transport.js'));
});

type Message = Parameters<Transport['send']>[0];

/** A transport that keeps what it is given to send, recorded into a new log. */
function recordedTransport() {
  const sent: Message[] = [];
  const transport: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => {
      sent.push(message);
    },
  };
  const log = new MessageRing(() => []);
  recordTransport(transport, log);
  const seen = () => log.entries().map((entry) => `${entry.direction} ${entry.kind} ${entry.method ?? ''}`.trim());
  return { transport, sent, log, seen };
}

/** Delivers `message` the way a transport does: to whatever handler is installed now. */
const deliver = (transport: Transport, message: unknown) => transport.onmessage?.(message as Message);

describe('recording a transport', () => {
  it('records what is sent, and still sends it', async () => {
    const { transport, sent, seen } = recordedTransport();
    const ping: Message = { jsonrpc: '2.0', id: 1, method: 'ping' };
    await transport.send(ping);
    assert.deepEqual(sent, [ping]);
    assert.deepEqual(seen(), ['sent request ping']);
  });

  it('records a message passed on by a chain of handlers once, and each handler gets it', () => {
    const { transport, seen } = recordedTransport();
    const heard: string[] = [];
    transport.onmessage = () => heard.push('first');
    // What the SDK does: keep the handler it finds, install its own that calls it.
    const found = transport.onmessage!;
    transport.onmessage = (message, extra) => {
      heard.push('second');
      found(message, extra);
    };
    deliver(transport, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    assert.deepEqual(heard, ['second', 'first']);
    assert.deepEqual(seen(), ['received notification notifications/tools/list_changed']);
  });

  it('records each of two equal messages', () => {
    const { transport, seen } = recordedTransport();
    transport.onmessage = () => {};
    deliver(transport, { jsonrpc: '2.0', method: 'notifications/progress' });
    deliver(transport, { jsonrpc: '2.0', method: 'notifications/progress' });
    assert.equal(seen().length, 2);
  });

  it('passes on what is no message (null, a text) without recording it or failing', () => {
    const { transport, seen } = recordedTransport();
    const heard: unknown[] = [];
    transport.onmessage = (message) => heard.push(message);
    deliver(transport, null);
    deliver(transport, 'not a message');
    assert.deepEqual(heard, [null, 'not a message']);
    assert.deepEqual(seen(), []);
  });

  it('hands back the same handler each time, so a handler read and installed again is the one handler', () => {
    const { transport, seen } = recordedTransport();
    assert.equal(transport.onmessage, undefined);
    const heard: string[] = [];
    transport.onmessage = () => heard.push('handler');
    const read = transport.onmessage;
    assert.equal(transport.onmessage, read);
    transport.onmessage = read;
    assert.equal(transport.onmessage, read);
    deliver(transport, { jsonrpc: '2.0', id: 1, result: {} });
    assert.deepEqual(heard, ['handler']);
    assert.deepEqual(seen(), ['received response']);
  });

  it('leaves onmessage an own property that lists and can be recorded again, as a plain transport has', () => {
    const { transport } = recordedTransport();
    assert.ok(Object.keys(transport).includes('onmessage'));
    const second = new MessageRing(() => []);
    recordTransport(transport, second);
    transport.onmessage = () => {};
    deliver(transport, { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(second.entries().length, 1);
  });
});
