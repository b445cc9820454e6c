// What a screen reader hears when a call ends: the console's polite live region says the tool, how the call ended
// (success, a tool error, a failure with its reason, cancelled) and how long it took, and stays silent while it runs.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import { announceEnd } from '../../elements/call/announce.js';
import type { ToolCall } from '../../elements/call/tool-call.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

const TOOL: ToolDetail = { name: 'slow', description: 'Takes its time', inputSchema: { type: 'object' } };
const RESULT = { content: [{ type: 'text', text: 'done' }] };

function backend(stream: EventStreamAnswer) {
  return ({ url }: FetchCall): Response => {
    const path = decodeURIComponent(new URL(url).pathname);
    if (path === '/api/tools') return json([{ name: TOOL.name, description: TOOL.description }]);
    if (path === '/api/tools/slow') return json(TOOL);
    if (path.endsWith('/validate')) return json({ valid: true });
    if (path.endsWith('/call')) return stream.response;
    return json({ error: 'Not found' }, 404);
  };
}

/** A console on `slow` whose call is running on a stream the test writes into. */
async function running(): Promise<{ el: ToolConsole; stream: EventStreamAnswer }> {
  const stream = eventStream();
  stubFetch(backend(stream));
  history.replaceState(null, '', '#tool=slow');
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  // The console's first load fetches its lazy parts: allow a busy machine more than the default second.
  await waitUntil(() => el.shadowRoot!.querySelector('tool-form')?.tool, 'the tool is shown', { timeout: 3000 });
  const started = oneEvent(el, 'tool-call-start');
  void el.shadowRoot!.querySelector('tool-form')!.execute();
  await started;
  await waitUntil(() => el.shadowRoot!.querySelector('progress'), 'the call is drawn running');
  return { el, stream };
}

const heard = (el: ToolConsole) => el.shadowRoot!.querySelector('[aria-live=polite]')!.textContent!.trim();

describe('what the live region says when a call ends', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('should say nothing while the call runs, then that the tool answered with an error, and how long it took', async () => {
    const { el, stream } = await running();
    stream.send('progress', { progress: 1, total: 2 });
    await waitUntil(() => el.shadowRoot!.querySelector('.progress-text'), 'the progress is drawn');
    expect(heard(el)).to.equal('');
    stream.send('result', { status: 200, result: { ...RESULT, isError: true } });
    await waitUntil(() => heard(el) !== '', 'the end is said');
    expect(heard(el)).to.match(/^slow finished: tool error, \d+(\.\d)? ms\.$/);
  });

  it('should say that a call the user cancelled was cancelled', async () => {
    const { el } = await running();
    const form = el.shadowRoot!.querySelector('tool-form')!;
    await form.updateComplete;
    const ended = oneEvent(el, 'tool-call-end');
    form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="cancel"]')!.click();
    await ended;
    await el.updateComplete;
    expect(heard(el)).to.equal('slow cancelled.');
  });

  it('should say the reason a call failed, and "no answer" when there is none', () => {
    // A snapshot as the console holds one; only what the sentence reads is filled in.
    const call = (status: ToolCall['status'], extra: Partial<ToolCall> = {}) =>
      ({ name: 'slow', status, ...extra }) as ToolCall;
    expect(announceEnd(call('failed', { error: new Error('The MCP server went away.') }))).to.equal(
      'slow failed: The MCP server went away.',
    );
    expect(announceEnd(call('failed'))).to.equal('slow failed: no answer');
    // A running call has not ended: there is nothing to say yet.
    expect(announceEnd(call('running'))).to.equal('');
  });
});
