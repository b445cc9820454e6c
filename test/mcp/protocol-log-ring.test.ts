// The protocol log's ring on its own: what an entry says for each kind of message (request, notification, response,
// error, a malformed one), how answers are paired with their requests and when they no longer can be, and the byte
// bound at its edges. The log in front of real servers is in protocol-log.test.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type * as Ring from '../../server/mcp/protocol-log/message-ring.js';

let MessageRing: typeof Ring.MessageRing;

before(async () => {
  ({ MessageRing } = await import('../../server/mcp/protocol-log/message-ring.js'));
});

const bytes = (message: unknown) => Buffer.byteLength(JSON.stringify(message));

describe('a protocol log entry', () => {
  it('says a response with its request method and round trip, and nothing more', () => {
    const log = new MessageRing(() => []);
    const request = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
    const response = { jsonrpc: '2.0', id: 7, result: { tools: [] } };
    assert.deepEqual(log.record('sent', request, 1_000), {
      seq: 1,
      time: 1_000,
      direction: 'sent',
      kind: 'request',
      method: 'tools/list',
      id: 7,
      size: bytes(request),
      message: request,
    });
    assert.deepEqual(log.record('received', response, 1_040), {
      seq: 2,
      time: 1_040,
      direction: 'received',
      kind: 'response',
      method: 'tools/list',
      id: 7,
      rttMs: 40,
      size: bytes(response),
      message: response,
    });
  });

  it('says an error answer is an error, and an answer to no request has no method', () => {
    const log = new MessageRing(() => []);
    const error = { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } };
    assert.deepEqual(log.record('received', error, 5), {
      seq: 1,
      time: 5,
      direction: 'received',
      kind: 'error',
      id: 3,
      size: bytes(error),
      message: error,
    });
  });

  it('gives a notification, and an error to a message it could not read (id null), no id', () => {
    const log = new MessageRing(() => []);
    const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };
    const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
    assert.deepEqual(log.record('sent', notification, 1), {
      seq: 1,
      time: 1,
      direction: 'sent',
      kind: 'notification',
      method: 'notifications/initialized',
      size: bytes(notification),
      message: notification,
    });
    assert.deepEqual(log.record('received', parseError, 2), {
      seq: 2,
      time: 2,
      direction: 'received',
      kind: 'error',
      size: bytes(parseError),
      message: parseError,
    });
  });

  it('does not take a method that is not a text for a request', () => {
    const log = new MessageRing(() => []);
    const odd = { jsonrpc: '2.0', id: 1, method: 42 };
    const entry = log.record('received', odd, 1);
    assert.deepEqual([entry.kind, entry.method, entry.id], ['response', undefined, 1]);
  });

  it('counts a message that is no JSON value as null, four bytes', () => {
    const log = new MessageRing(() => [], { maxBytes: 10 });
    for (let time = 1; time <= 3; time++) assert.equal(log.record('received', undefined, time).size, 4);
    // Two of four bytes each fit in ten; the third pushes out the first.
    assert.deepEqual([log.entries().length, log.dropped], [2, 1]);
  });
});

describe('pairing answers with requests', () => {
  it('pairs an answer once: the same id answered again is no longer paired', () => {
    const log = new MessageRing(() => []);
    log.record('sent', { jsonrpc: '2.0', id: 1, method: 'ping' }, 10);
    log.record('received', { jsonrpc: '2.0', id: 1, result: {} }, 20);
    const again = log.record('received', { jsonrpc: '2.0', id: 1, result: {} }, 30);
    assert.deepEqual([again.method, again.rttMs], [undefined, undefined]);
  });

  it('no longer pairs the answers to a connection it was told to forget', () => {
    const log = new MessageRing(() => []);
    log.record('sent', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 10);
    log.record('received', { jsonrpc: '2.0', id: 'q', method: 'roots/list' }, 11);
    log.forgetPending();
    const late = log.record('received', { jsonrpc: '2.0', id: 1, result: {} }, 20);
    const answer = log.record('sent', { jsonrpc: '2.0', id: 'q', result: { roots: [] } }, 21);
    assert.deepEqual(
      [late.method, late.rttMs, answer.method, answer.rttMs],
      [undefined, undefined, undefined, undefined],
    );
  });

  it('waits on at most 1,000 requests, forgetting the oldest; notifications do not count', () => {
    const log = new MessageRing(() => [], { maxEntries: 10 });
    for (let id = 1; id <= 1_000; id++) log.record('sent', { jsonrpc: '2.0', id, method: `m${id}` }, id);
    log.record('sent', { jsonrpc: '2.0', method: 'notifications/progress' }, 1_001);
    assert.equal(log.record('received', { jsonrpc: '2.0', id: 1, result: {} }, 2_000).method, 'm1');
    log.record('sent', { jsonrpc: '2.0', id: 1_001, method: 'm1001' }, 2_001);
    log.record('sent', { jsonrpc: '2.0', id: 1_002, method: 'm1002' }, 2_002);
    // 1,001 were waiting (2 ... 1,002): the oldest, 2, is forgotten; 3 is still paired.
    assert.equal(log.record('received', { jsonrpc: '2.0', id: 2, result: {} }, 3_000).method, undefined);
    assert.equal(log.record('received', { jsonrpc: '2.0', id: 3, result: {} }, 3_001).method, 'm3');
  });
});

describe('the byte bound', () => {
  const message = (text: string) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { text } });

  it('keeps a message exactly as large as the whole log', () => {
    const whole = message('w'.repeat(100));
    const log = new MessageRing(() => [], { maxBytes: bytes(whole) });
    assert.deepEqual(log.record('received', whole).message, whole);
    assert.deepEqual([log.entries().length, log.dropped], [1, 0]);
  });

  it('keeps messages that fill the log exactly, and drops the oldest past that', () => {
    const first = message('a'.repeat(50));
    const second = message('b'.repeat(50));
    const log = new MessageRing(() => [], { maxBytes: bytes(first) + bytes(second) });
    log.record('received', first);
    log.record('received', second);
    assert.deepEqual([log.entries().length, log.dropped], [2, 0]);
    log.record('received', message('c'));
    assert.deepEqual(
      log.entries().map((entry) => (entry.message as ReturnType<typeof message>).params.text),
      ['b'.repeat(50), 'c'],
    );
    assert.equal(log.dropped, 1);
  });
});
