// The server panes' wire, read back: each event of the protocol log's live stream as the server encodes it, read by
// the page's decoder as the same data; and what the decoders make of answers that are not what they should be.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeProtocolLog,
  decodeServerLogEvent,
  decodeServerState,
  encodeServerLogEvent,
  type ProtocolEntry,
  type ServerLogEventMap,
  type ServerState,
} from '../../protocol/index.js';

function throughWire<K extends keyof ServerLogEventMap>(name: K, data: ServerLogEventMap[K]) {
  const encode = encodeServerLogEvent[name] as (data: ServerLogEventMap[K]) => string;
  return decodeServerLogEvent[name](JSON.parse(encode(data)));
}

const entry: ProtocolEntry = {
  seq: 7,
  time: 1_700_000_000_000,
  direction: 'received',
  kind: 'response',
  method: 'tools/call',
  id: 3,
  size: 120,
  rttMs: 12.5,
  message: { jsonrpc: '2.0', id: 3, result: { content: [] } },
};

const state: ServerState = {
  connected: false,
  name: 'srv',
  title: 'Server',
  version: '1.0.0',
  protocolVersion: '2025-11-25',
  transport: 'stdio',
  target: 'srv --token [redacted]',
  serverCapabilities: { tools: { listChanged: true }, logging: {} },
  clientCapabilities: { roots: {} },
  roots: [{ uri: 'file:///tmp', name: 'tmp' }],
  instructions: 'Be kind.',
  logLevel: 'warning',
  stderr: ['starting'],
  exit: { code: 3, signal: null },
  diagnosis: { reason: 'exited', sentence: 'It exited.', evidence: { exitCode: 3, stderr: ['starting'] } },
};

describe('the server log wire', () => {
  it('should read back every event as it was sent', () => {
    assert.deepEqual(throughWire('entry', entry), entry);
    assert.deepEqual(throughWire('dropped', { dropped: 4 }), { dropped: 4 });
    assert.deepEqual(throughWire('stderr', { line: '<b>not html</b>' }), { line: '<b>not html</b>' });
    assert.deepEqual(throughWire('state', state), state);
  });

  it('should skip what is not an event, and drop fields of the wrong type', () => {
    assert.equal(decodeServerLogEvent.entry({ seq: 'one', direction: 'sent', kind: 'request' }), undefined);
    assert.equal(decodeServerLogEvent.entry({ seq: 1, time: 1, direction: 'up', kind: 'request' }), undefined);
    assert.equal(decodeServerLogEvent.dropped({ dropped: 1.5 }), undefined);
    assert.equal(decodeServerLogEvent.stderr({ line: 3 }), undefined);
    assert.equal(decodeServerState({ connected: 'yes', target: 'x' }), undefined);
    assert.deepEqual(decodeServerState({ connected: true, target: 'x', logLevel: 'loud', roots: [{ uri: 1 }] }), {
      connected: true,
      target: 'x',
      clientCapabilities: {},
      roots: [],
      logLevel: 'info',
      stderr: [],
    });
  });

  it('should read a log, leaving out entries that are not', () => {
    assert.deepEqual(decodeProtocolLog({ dropped: 2, entries: [entry, { seq: 'x' }] }), {
      dropped: 2,
      entries: [entry],
    });
    assert.equal(decodeProtocolLog({ error: 'Unauthorized' }), undefined);
  });
});
