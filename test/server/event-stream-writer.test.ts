// The writer of one Server-Sent Events answer: events wait for the adapter's sink, stop at the end or when the
// client goes away, and a quiet stream gets keep-alive comments.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import type { JsonText } from '../../protocol/index.js';
import { EventStream, type EventSink } from '../../server/core/http/event-stream.js';

interface Events {
  progress: { n: number };
  result: { ok: boolean };
}

const json = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

function recordingSink(onWrite?: (text: string) => void): EventSink & { writes: string[]; ends: number } {
  const sink = {
    writes: [] as string[],
    ends: 0,
    write(text: string) {
      sink.writes.push(text);
      onWrite?.(text);
    },
    end() {
      sink.ends++;
    },
  };
  return sink;
}

describe('EventStream', () => {
  it('writes events as `event:` and `data:` lines, keeping those sent before the sink came', () => {
    const stream = new EventStream<Events>();
    stream.send('progress', json({ n: 1 }));
    const sink = recordingSink();
    stream.attach(sink);
    stream.send('progress', json({ n: 2 }));
    assert.deepEqual(sink.writes, ['event: progress\ndata: {"n":1}\n\n', 'event: progress\ndata: {"n":2}\n\n']);
    assert.equal(sink.ends, 0);
    assert.equal(stream.open, true);
    stream.close();
  });

  it('ends with a last event, once, and writes nothing after', () => {
    const stream = new EventStream<Events>();
    const sink = recordingSink();
    stream.attach(sink);
    stream.end('result', json({ ok: true }));
    assert.equal(stream.open, false);
    stream.end('result', json({ ok: false }));
    stream.send('progress', json({ n: 3 }));
    stream.close();
    assert.deepEqual(sink.writes, ['event: result\ndata: {"ok":true}\n\n']);
    assert.equal(sink.ends, 1);
  });

  it('closes without a last event', () => {
    const stream = new EventStream<Events>();
    const sink = recordingSink();
    stream.attach(sink);
    stream.close();
    assert.deepEqual(sink.writes, []);
    assert.equal(sink.ends, 1);
    assert.equal(stream.open, false);
  });

  it('a stream that ended before its sink came writes what it had, then ends the sink', () => {
    const stream = new EventStream<Events>();
    stream.send('progress', json({ n: 1 }));
    stream.end('result', json({ ok: true }));
    const sink = recordingSink();
    stream.attach(sink);
    assert.deepEqual(sink.writes, ['event: progress\ndata: {"n":1}\n\n', 'event: result\ndata: {"ok":true}\n\n']);
    assert.equal(sink.ends, 1);
  });

  it('stops writing waiting events once the client is found gone, and never ends its sink', () => {
    const stream = new EventStream<Events>();
    let gone = 0;
    stream.onClientGone(() => gone++);
    stream.send('progress', json({ n: 1 }));
    stream.send('progress', json({ n: 2 }));
    stream.end('result', json({ ok: true }));
    const sink = recordingSink(() => stream.clientGone());
    stream.attach(sink);
    assert.deepEqual(sink.writes, ['event: progress\ndata: {"n":1}\n\n']);
    assert.equal(sink.ends, 0);
    // The stream had ended already: the call is over, nobody needs to hear that the client left.
    assert.equal(gone, 0);
  });

  it('tells the call once when the client goes away before the end, and drops what follows', () => {
    const stream = new EventStream<Events>();
    const sink = recordingSink();
    stream.attach(sink);
    let gone = 0;
    stream.onClientGone(() => gone++);
    stream.clientGone();
    stream.clientGone();
    assert.equal(gone, 1);
    assert.equal(stream.open, false);
    stream.send('progress', json({ n: 1 }));
    stream.end('result', json({ ok: true }));
    stream.close();
    assert.deepEqual(sink.writes, []);
    assert.equal(sink.ends, 0);
  });

  it('a client gone before the sink came gets nothing written', () => {
    const stream = new EventStream<Events>();
    stream.send('progress', json({ n: 1 }));
    stream.clientGone();
    const sink = recordingSink();
    stream.attach(sink);
    assert.deepEqual(sink.writes, []);
    assert.equal(sink.ends, 0);
  });

  it('a client going away after the end is not reported', () => {
    const stream = new EventStream<Events>();
    let gone = 0;
    stream.onClientGone(() => gone++);
    stream.attach(recordingSink());
    stream.close();
    stream.clientGone();
    assert.equal(gone, 0);
  });

  describe('keep-alive', () => {
    it('comments on a quiet stream every five seconds until it closes', (context) => {
      context.mock.timers.enable({ apis: ['setInterval'] });
      const stream = new EventStream<Events>();
      const sink = recordingSink();
      stream.attach(sink);
      context.mock.timers.tick(4_999);
      assert.deepEqual(sink.writes, []);
      context.mock.timers.tick(1);
      assert.deepEqual(sink.writes, [': keep-alive\n\n']);
      context.mock.timers.tick(5_000);
      assert.equal(sink.writes.length, 2);
      stream.close();
      context.mock.timers.tick(20_000);
      assert.equal(sink.writes.length, 2);
    });

    it('stops commenting when the client goes away', (context) => {
      context.mock.timers.enable({ apis: ['setInterval'] });
      const stream = new EventStream<Events>();
      const sink = recordingSink();
      stream.attach(sink);
      stream.clientGone();
      context.mock.timers.tick(20_000);
      assert.deepEqual(sink.writes, []);
    });

    it('starts no keep-alive for a stream attached after its end', (context) => {
      context.mock.timers.enable({ apis: ['setInterval'] });
      const stream = new EventStream<Events>();
      stream.close();
      const sink = recordingSink();
      stream.attach(sink);
      context.mock.timers.tick(20_000);
      assert.deepEqual(sink.writes, []);
    });

    it('does not keep the process alive for a stream left open', () => {
      // With a real timer: node lists the timers that hold the process open, and an unref'd one is not among them.
      const timersHolding = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout').length;
      const before = timersHolding();
      const stream = new EventStream<Events>();
      stream.attach(recordingSink());
      const holding = timersHolding();
      stream.close();
      assert.equal(holding, before);
    });
  });
});
