// The event-stream parser against a signal that aborted before it began, and how it leaves the body and the signal.
import { expect } from '@open-wc/testing';
import { readEventStream, type StreamEvent } from '../../elements/event-stream.js';
import { eventStream } from './fetch-stub.js';

describe('readEventStream, signals', () => {
  it('should read nothing and cancel the body when its signal aborted before it began', async () => {
    const stream = eventStream();
    stream.send('result', { status: 200 });
    const events: StreamEvent[] = [];
    for await (const event of readEventStream(stream.response.body!, AbortSignal.abort())) events.push(event);
    expect(events).to.deep.equal([]);
    await stream.cancelled;
  });

  it('should read to the end without a signal, and leave a signal that aborts later alone', async () => {
    const stream = eventStream();
    stream.write('data: 1\n\ndata: 2\n\n');
    stream.close();
    const abort = new AbortController();
    const events: StreamEvent[] = [];
    for await (const event of readEventStream(stream.response.body!, abort.signal)) events.push(event);
    abort.abort();
    expect(events).to.deep.equal([
      { event: 'message', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });

  it('should end a line at a CR that ends the stream', async () => {
    const stream = eventStream();
    stream.write('data: 1\r\r');
    stream.close();
    const events: StreamEvent[] = [];
    for await (const event of readEventStream(stream.response.body!)) events.push(event);
    expect(events).to.deep.equal([{ event: 'message', data: '1' }]);
  });
});
