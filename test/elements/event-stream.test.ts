// The event-stream parser behind live calls, against the HTML standard's rules, fed the way a network feeds it: in
// chunks that end anywhere.
import { expect } from '@open-wc/testing';
import { readEventStream, type StreamEvent } from '../../elements/event-stream.js';
import { eventStream } from './fetch-stub.js';

/** The events of a stream whose body arrives as `chunks`. */
async function parse(chunks: (string | Uint8Array)[], signal?: AbortSignal): Promise<StreamEvent[]> {
  const stream = eventStream();
  for (const chunk of chunks) stream.write(chunk);
  stream.close();
  const events: StreamEvent[] = [];
  for await (const event of readEventStream(stream.response.body!, signal)) events.push(event);
  return events;
}

/** Every byte a chunk of its own. */
function bytewise(text: string): Uint8Array[] {
  return [...new TextEncoder().encode(text)].map((byte) => Uint8Array.of(byte));
}

const SAMPLE =
  ': keep-alive\n' +
  'event: progress\ndata: {"progress":1,"total":2}\n\n' +
  ':\n' +
  'event: log\r\ndata: {"level":"info",\r\ndata: "data":"héllo ✓ 𝄞"}\r\n\r\n' +
  'id: 7\rretry: 1000\revent: result\rdata: {"status":200}\r\r';

const SAMPLE_EVENTS = [
  { event: 'progress', data: '{"progress":1,"total":2}' },
  { event: 'log', data: '{"level":"info",\n"data":"héllo ✓ 𝄞"}' },
  { event: 'result', data: '{"status":200}' },
];

describe('readEventStream', () => {
  it('should read named events, join data lines with \\n, skip comments, id and retry, whatever the line ends', async () => {
    expect(await parse([SAMPLE])).to.deep.equal(SAMPLE_EVENTS);
  });

  it('should read the same events when every byte arrives alone (mid-line, mid-character, between CR and LF)', async () => {
    expect(await parse(bytewise(SAMPLE))).to.deep.equal(SAMPLE_EVENTS);
  });

  it('should read events split at every place into two chunks', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await parse([bytes.slice(0, cut), bytes.slice(cut)]), `cut at ${cut}`).to.deep.equal(SAMPLE_EVENTS);
    }
  });

  it('should call an unnamed event "message", drop one leading space only, and take a bare field name as empty', async () => {
    expect(await parse(['data:  two spaces\ndata\ndata:x\n\n'])).to.deep.equal([
      { event: 'message', data: ' two spaces\n\nx' },
    ]);
  });

  it('should not dispatch an event without data, nor let its name carry over to the next', async () => {
    expect(await parse(['event: progress\n\ndata: 1\n\n'])).to.deep.equal([{ event: 'message', data: '1' }]);
  });

  it('should drop an event the stream ends in the middle of', async () => {
    expect(await parse(['event: log\ndata: {"a":1}\n\nevent: result\ndata: {"status":200}\n'])).to.deep.equal([
      { event: 'log', data: '{"a":1}' },
    ]);
    expect(await parse(['data: no line end'])).to.deep.equal([]);
  });

  it('should ignore a byte order mark at the start', async () => {
    expect(await parse(['\uFEFFdata: 1\n\n'])).to.deep.equal([{ event: 'message', data: '1' }]);
  });

  it('should stop and cancel the body when its signal aborts', async () => {
    const stream = eventStream();
    const abort = new AbortController();
    const events = readEventStream(stream.response.body!, abort.signal);
    stream.send('progress', { progress: 1 });
    expect((await events.next()).value).to.deep.equal({ event: 'progress', data: '{"progress":1}' });
    const next = events.next();
    abort.abort();
    await stream.cancelled;
    expect(await next).to.deep.equal({ done: true, value: undefined });
  });

  it('should cancel the body when the reader leaves early (the answer is in)', async () => {
    const stream = eventStream();
    stream.send('result', { status: 200 });
    for await (const event of readEventStream(stream.response.body!)) {
      expect(event.event).to.equal('result');
      break;
    }
    await stream.cancelled;
  });
});
