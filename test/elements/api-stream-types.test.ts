// Which answers ToolApi reads as a stream: a 2xx with a body whose Content-Type is text/event-stream in any spelling,
// and nothing else. The same SSE text is the result when read as a stream, and a page that is no answer otherwise.
import { expect } from '@open-wc/testing';
import { ApiError, ToolApi } from '../../elements/api.js';
import { stubFetch } from './fetch-stub.js';

const RESULT = { content: [{ type: 'text', text: 'ok' }] };
const CONTENTS = { contents: [{ uri: 'file:///a.txt', text: 'A' }] };

/** Content types, and whether the answer is read as a stream. */
const TYPES: [string, boolean][] = [
  ['text/event-stream', true],
  [' Text/Event-Stream; charset=utf-8', true],
  ['text/event-streams', false],
  ['x-text/event-stream', false],
  ['application/json; profile=text/event-stream', false],
];

function sse(result: unknown): string {
  return `event: result\ndata: ${JSON.stringify({ status: 200, result })}\n\n`;
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => (error instanceof ApiError ? `ApiError ${error.status}: ${error.message}` : error),
  );
}

describe('ToolApi, which answers are streams', () => {
  it('should read a call’s answer as a stream only for the stream type', async () => {
    for (const [type, streamed] of TYPES) {
      stubFetch(() => new Response(sse(RESULT), { headers: { 'Content-Type': type } }));
      const answer = await outcome(new ToolApi('/api/tools').call('add', {}, undefined, () => {}));
      const expected = streamed ? RESULT : 'ApiError 200: The server answered HTTP 200.';
      expect(streamed ? (answer as { result: unknown }).result : answer, type).to.deep.equal(expected);
    }
  });

  it('should read a resource’s answer as a stream only for the stream type', async () => {
    for (const [type, streamed] of TYPES) {
      stubFetch(() => new Response(sse(CONTENTS), { headers: { 'Content-Type': type } }));
      const answer = await outcome(
        new ToolApi('/api/tools').readResource('file:///a.txt', undefined, undefined, () => {}),
      );
      const expected = streamed ? CONTENTS : 'ApiError 200: The answer to reading the resource has no contents.';
      expect(answer, type).to.deep.equal(expected);
    }
  });

  it('should not read an answer without a type as a stream', async () => {
    const untyped = () => new Response(new Blob([sse(RESULT)]).stream());
    stubFetch(untyped);
    expect(await outcome(new ToolApi('/api/tools').call('add', {}, undefined, () => {}))).to.equal(
      'ApiError 200: The server answered HTTP 200.',
    );
  });

  it('should not read an answer without a body as a stream', async () => {
    const empty = () => new Response(null, { headers: { 'Content-Type': 'text/event-stream' } });
    stubFetch(empty);
    expect(await outcome(new ToolApi('/api/tools').call('add', {}, undefined, () => {}))).to.equal(
      'ApiError 200: The server answered HTTP 200.',
    );
    stubFetch(empty);
    expect(
      await outcome(new ToolApi('/api/tools').readResource('file:///a.txt', undefined, undefined, () => {})),
    ).to.equal('ApiError 200: The answer to reading the resource has no contents.');
  });
});
