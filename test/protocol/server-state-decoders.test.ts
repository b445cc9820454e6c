// The page's decoders of the server panes (protocol/server-state.ts), field by field: every direction and kind of a
// protocol log entry, every transport, and what each decoder does with a field of the wrong type (drops it, or
// refuses the whole thing when the pane cannot show it without that field). The server panes run these on whatever a
// proxy or an older console answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeDiagnosis,
  decodeProtocolEntry,
  decodeProtocolLog,
  decodeServerLogEvent,
  decodeServerState,
} from '../../protocol/index.js';

const minimalEntry = { seq: 1, time: 1_700_000_000_000, direction: 'sent', kind: 'request', message: { id: 1 } };
const minimalState = { connected: true, target: 'srv' };
/** What `decodeServerState` makes of `minimalState`: the defaults of every field it always gives. */
const minimalRead = { connected: true, target: 'srv', clientCapabilities: {}, roots: [], logLevel: 'info', stderr: [] };

describe('protocol log entries', () => {
  it('should read both directions and every kind', () => {
    for (const direction of ['sent', 'received']) {
      for (const kind of ['request', 'response', 'error', 'notification']) {
        assert.deepEqual(
          decodeProtocolEntry({ ...minimalEntry, direction, kind }),
          { ...minimalEntry, direction, kind, size: 0 },
          `${direction} ${kind}`,
        );
      }
    }
  });

  it('should refuse an entry without an integer seq, a finite time, a known direction and kind', () => {
    const refused: unknown[] = [
      null,
      'an entry',
      [minimalEntry],
      { ...minimalEntry, seq: 1.5 },
      { ...minimalEntry, seq: '1' },
      { ...minimalEntry, time: undefined },
      { ...minimalEntry, time: '2024-01-01' },
      { ...minimalEntry, direction: 'inbound' },
      { ...minimalEntry, kind: 'reply' },
    ];
    for (const data of refused) assert.equal(decodeProtocolEntry(data), undefined, JSON.stringify(data));
  });

  it('should carry a string or number id, and drop a method, id, rtt or size of the wrong type', () => {
    assert.deepEqual(decodeProtocolEntry({ ...minimalEntry, method: 'ping', id: 'a-1', size: 40, rttMs: 3 }), {
      ...minimalEntry,
      method: 'ping',
      id: 'a-1',
      size: 40,
      rttMs: 3,
    });
    assert.deepEqual(decodeProtocolEntry({ ...minimalEntry, id: 0 }), { ...minimalEntry, id: 0, size: 0 });
    assert.deepEqual(
      decodeProtocolEntry({ ...minimalEntry, method: 5, id: { n: 1 }, size: 'big', rttMs: Number.NaN }),
      { ...minimalEntry, size: 0 },
    );
    assert.deepEqual(decodeProtocolEntry({ ...minimalEntry, id: null, rttMs: '3' }), { ...minimalEntry, size: 0 });
  });

  it("should read a log's dropped count only when it is an integer", () => {
    assert.deepEqual(decodeProtocolLog({ dropped: 'many', entries: [minimalEntry] }), {
      dropped: 0,
      entries: [{ ...minimalEntry, size: 0 }],
    });
    assert.equal(decodeProtocolLog({ dropped: 1, entries: 'none' }), undefined);
    assert.equal(decodeProtocolLog([minimalEntry]), undefined);
  });
});

describe('diagnoses', () => {
  it('should read a reason, a sentence and the evidence as sent', () => {
    const evidence = { command: 'srv', exitCode: 127, stderr: ['srv: not found'] };
    assert.deepEqual(decodeDiagnosis({ reason: 'command-not-found', sentence: 'Install srv.', evidence }), {
      reason: 'command-not-found',
      sentence: 'Install srv.',
      evidence,
    });
    assert.deepEqual(decodeDiagnosis({ reason: 'timeout', sentence: 'Too slow.', evidence: ['limit'] }), {
      reason: 'timeout',
      sentence: 'Too slow.',
      evidence: {},
    });
  });

  it('should refuse one without a text reason and a text sentence', () => {
    for (const data of [
      null,
      'exited',
      { reason: 'exited' },
      { sentence: 'It exited.' },
      { reason: 1, sentence: 'It exited.' },
      { reason: 'exited', sentence: ['It exited.'] },
    ]) {
      assert.equal(decodeDiagnosis(data), undefined, JSON.stringify(data));
    }
  });
});

describe('server state', () => {
  it('should refuse a state without a boolean connected and a text target', () => {
    for (const data of [
      null,
      [minimalState],
      { target: 'srv' },
      { connected: 1, target: 'srv' },
      { connected: true },
      { connected: true, target: 7 },
    ]) {
      assert.equal(decodeServerState(data), undefined, JSON.stringify(data));
    }
  });

  it('should read every transport and every log level, and drop others', () => {
    for (const transport of ['stdio', 'streamable-http', 'sse']) {
      assert.deepEqual(decodeServerState({ ...minimalState, transport }), { ...minimalRead, transport }, transport);
    }
    assert.deepEqual(decodeServerState({ ...minimalState, transport: 'websocket' }), minimalRead);
    for (const logLevel of ['debug', 'notice', 'emergency']) {
      assert.deepEqual(decodeServerState({ ...minimalState, logLevel }), { ...minimalRead, logLevel }, logLevel);
    }
  });

  it('should keep only the roots with a text uri and name, and only the text stderr lines', () => {
    const roots = [
      { uri: 'file:///a', name: 'a' },
      { uri: 'file:///b' },
      { name: 'c' },
      { uri: 'file:///d', name: 4 },
      'file:///e',
    ];
    assert.deepEqual(decodeServerState({ ...minimalState, roots, stderr: ['one', 2, null, 'three'] }), {
      ...minimalRead,
      roots: [{ uri: 'file:///a', name: 'a' }],
      stderr: ['one', 'three'],
    });
    assert.deepEqual(decodeServerState({ ...minimalState, roots: 'file:///a', stderr: 'one' }), minimalRead);
  });

  it("should read how the process ended, a signal's name and an exit code, null for the wrong type", () => {
    assert.deepEqual(decodeServerState({ ...minimalState, exit: { code: null, signal: 'SIGTERM' } }), {
      ...minimalRead,
      exit: { code: null, signal: 'SIGTERM' },
    });
    assert.deepEqual(decodeServerState({ ...minimalState, exit: { code: '1', signal: 9 } }), {
      ...minimalRead,
      exit: { code: null, signal: null },
    });
    assert.deepEqual(decodeServerState({ ...minimalState, exit: 'crashed' }), minimalRead);
  });

  it('should drop text fields, capabilities and a diagnosis of the wrong type', () => {
    assert.deepEqual(
      decodeServerState({
        ...minimalState,
        name: 1,
        title: null,
        instructions: ['x'],
        serverCapabilities: 'all',
        clientCapabilities: ['roots'],
        diagnosis: { reason: 'exited' },
      }),
      minimalRead,
    );
  });
});

describe('the live log events', () => {
  it('should refuse a dropped count or a stderr line that is not in an object', () => {
    assert.equal(decodeServerLogEvent.dropped(3), undefined);
    assert.equal(decodeServerLogEvent.dropped({ dropped: '3' }), undefined);
    assert.equal(decodeServerLogEvent.stderr('a line'), undefined);
    assert.deepEqual(decodeServerLogEvent.stderr({ line: '' }), { line: '' });
  });
});
