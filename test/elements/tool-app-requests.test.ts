// What a tool UI may ask of the backend, as the app: a tool call (refused in the page when the tool is model-only)
// and a resource read; a failure comes back as a JSON-RPC error the app can read.
import { expect } from '@open-wc/testing';
import type { ToolApi, ToolSummary } from '../../elements/api.js';
import { ApiError } from '../../elements/api.js';
import { appCallTool, appReadResource } from '../../elements/tool-app/app-requests.js';

const RESULT = { content: [{ type: 'text', text: 'ran' }] };

/** A backend that records what it was asked and answers with `answer` (or throws what it throws). */
function fakeApi(answer: () => unknown) {
  const asked: unknown[][] = [];
  const api = {
    call: async (...args: unknown[]) => (asked.push(['call', ...args]), { result: answer() }),
    readResource: async (...args: unknown[]) => (asked.push(['read', ...args]), answer()),
  } as unknown as ToolApi;
  return { api, asked };
}

const tools: Record<string, ToolSummary> = {
  secret: { name: 'secret', description: 'Only for the model', ui: { visibility: ['model'] } },
  refresh: { name: 'refresh', description: 'Reloads', ui: { visibility: ['app'] } },
};
const toolNamed = (name: string) => tools[name];

/** The error `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<Error & { code?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: number };
  }
  throw new Error('it did not reject');
}

describe('app requests', () => {
  it("should send an app's call as the app's, with its arguments, and answer with the tool's result", async () => {
    const { api, asked } = fakeApi(() => RESULT);
    const signal = new AbortController().signal;
    expect(await appCallTool(api, toolNamed, { name: 'refresh', arguments: { n: 1 } }, signal)).to.equal(RESULT);
    expect(await appCallTool(api, toolNamed, { name: 'unlisted' }, signal)).to.equal(RESULT);
    expect(asked).to.deep.equal([
      ['call', 'refresh', { n: 1 }, signal, undefined, { caller: 'app' }],
      ['call', 'unlisted', {}, signal, undefined, { caller: 'app' }],
    ]);
    await appCallTool(api, toolNamed, { name: 'refresh', arguments: ['x'] as never }, signal);
    expect(asked[2][2]).to.deep.equal({});
  });

  it('should refuse a call to a model-only tool as invalid, without asking the backend', async () => {
    const { api, asked } = fakeApi(() => RESULT);
    const error = await rejection(appCallTool(api, toolNamed, { name: 'secret' }, new AbortController().signal));
    expect(error.code).to.equal(-32602);
    expect(error.message).to.equal('Tool secret is not available to tool UIs (its visibility is model only).');
    expect(asked).to.deep.equal([]);
  });

  it("should read a resource as the app's", async () => {
    const contents = { contents: [{ uri: 'file:///a', text: 'a' }] };
    const { api, asked } = fakeApi(() => contents);
    const signal = new AbortController().signal;
    expect(await appReadResource(api, 'file:///a', signal)).to.equal(contents);
    expect(asked).to.deep.equal([['read', 'file:///a', signal, 'app']]);
  });

  it("should answer a backend's refusal, a closed view and no answer as internal errors in words", async () => {
    const failures: [unknown, string][] = [
      [
        new ApiError(403, 'Tool UIs may read only the server’s own resources.'),
        'Tool UIs may read only the server’s own resources.',
      ],
      [new DOMException('The operation was aborted.', 'AbortError'), 'The view closed.'],
      [new DOMException('Timed out.', 'TimeoutError'), "The console's server did not answer."],
      [new TypeError('Failed to fetch'), "The console's server did not answer."],
    ];
    for (const [thrown, message] of failures) {
      const { api } = fakeApi(() => {
        throw thrown;
      });
      const signal = new AbortController().signal;
      for (const request of [
        appCallTool(api, toolNamed, { name: 'refresh' }, signal),
        appReadResource(api, 'file:///a', signal),
      ]) {
        const error = await rejection(request);
        expect(error.code).to.equal(-32603);
        expect(error.message).to.equal(message);
      }
    }
  });
});
