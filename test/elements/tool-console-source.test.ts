// One API client per `src` (written with trailing slashes or not), and a <tool-console> whose `src` changes (a page
// that switches backends): the list and tools come from the new backend, the token typed in the auth bar goes along
// (it lives only in memory), and a call still running on the old one ends.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { settle } from './console-settle.js';
import { json, type FetchCall } from './fetch-stub.js';
import { $, backend, cleanPage, openConsole, pageErrors, pick, run, text } from './tool-console.helpers.js';

const header = (call: FetchCall, name: string) => (call.init?.headers as Record<string, string> | undefined)?.[name];
const accept = (call: FetchCall) => header(call, 'Accept');

describe('<tool-console> src, and moving to another backend', () => {
  cleanPage();

  it('should list and run the tools of the new backend with the token typed before', async () => {
    const { calls } = backend();
    const el = await openConsole();
    const input = $(el, 'tool-auth-bar')!.shadowRoot!.querySelector('input')!;
    input.value = 's3cret';
    input.dispatchEvent(new Event('input'));
    el.src = '/other/tools';
    await settle(el);
    expect(calls.map((call) => new URL(call.url).pathname)).to.include('/other/tools');
    await pick(el, 'echo');
    await run(el, { text: 'hi' });
    const call = calls.at(-1)!;
    expect([new URL(call.url).pathname, (call.init!.headers as Record<string, string>).Authorization]).to.deep.equal([
      '/other/tools/echo/call',
      'Bearer s3cret',
    ]);
    expect($(el, 'tool-auth-bar')!.token).to.equal('s3cret');
  });

  it('should end a call still running on the backend left', async () => {
    const state = backend();
    state.call = () => new Promise<Response>(() => {});
    const el = await openConsole();
    await pick(el, 'echo');
    const page = pageErrors();
    const started = oneEvent(el, 'tool-call-start');
    let aborted: boolean | undefined;
    el.addEventListener('tool-call-end', (event) => (aborted = event.detail.aborted));
    void $(el, 'tool-form')!.execute();
    await started;
    el.src = '/other/tools';
    await waitUntil(() => aborted !== undefined, 'the call ended');
    expect(aborted).to.equal(true);
    await settle(el);
    expect([text($(el, '#tool-title')), text($(el, '#result-title'))]).to.deep.equal(['echo', undefined]);
    // The call's last word, its end, comes after the console let go of it: it is dropped without an error.
    await new Promise((resolve) => setTimeout(resolve));
    page.stop();
    expect(page.errors).to.deep.equal([]);
  });

  it('should keep one client for a src written with trailing slashes: following the list names the one it has', async () => {
    const state = backend();
    state.special = (path, call) => {
      if (path !== '/api/tools' || accept(call) === 'text/event-stream') return undefined;
      const answer = json(state.tools.map(({ name, description }) => ({ name, description })));
      answer.headers.set('ETag', '"v1"');
      return answer;
    };
    history.replaceState(null, '', '#tool=echo');
    const el = await openConsole({ src: '/api/tools//' });
    await waitUntil(() => state.calls.some((call) => accept(call) === 'text/event-stream'), 'the list is followed');
    const follow = state.calls.find((call) => accept(call) === 'text/event-stream')!;
    expect([text($(el, '#tool-title')), header(follow, 'If-None-Match')]).to.deep.equal(['echo', '"v1"']);
  });

  it('should not follow the list again when src changes to another spelling of the same backend', async () => {
    const { calls } = backend();
    const el = await openConsole();
    const streams = () => calls.filter((call) => accept(call) === 'text/event-stream').length;
    // The console starts following once the browser is idle; an idle callback asked for after its own runs after it.
    await new Promise((resolve) => requestIdleCallback(resolve));
    expect(streams()).to.equal(1);
    el.src = '/api/tools/';
    await settle(el);
    await new Promise((resolve) => requestIdleCallback(resolve));
    expect([calls.filter((call) => call.url.endsWith('/api/tools')).length, streams()]).to.deep.equal([3, 1]);
  });
});
