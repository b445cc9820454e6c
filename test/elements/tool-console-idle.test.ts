// When <tool-console> starts following its tool list: once the list is drawn and the browser is idle, so following
// never slows the first look at the list; within 2 s on a browser that never idles, and at once on one that cannot
// say (Safari has no requestIdleCallback). The browser's idleness is the test's to give.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';

const realIdle = window.requestIdleCallback;
afterEach(() => {
  window.requestIdleCallback = realIdle;
});

const isStream = (call: FetchCall) =>
  (call.init?.headers as Record<string, string> | undefined)?.Accept === 'text/event-stream';

async function open() {
  const { calls } = stubFetch((call) =>
    isStream(call) ? eventStream().response : json([{ name: 'echo', description: 'Says it back' }]),
  );
  history.replaceState(null, '', location.pathname + location.search);
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  await settle(el);
  return { el, followed: () => calls.some(isStream), streams: () => calls.filter(isStream).length };
}

describe('<tool-console> starting to follow the list', () => {
  it('should wait for the browser to be idle', async () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = (work) => idle.push(() => work({ didTimeout: false, timeRemaining: () => 50 }));
    const { el, followed } = await open();
    expect([el.shadowRoot!.querySelector('tool-list')?.tools.length, followed()]).to.deep.equal([1, false]);
    for (const work of idle) work();
    expect(followed()).to.equal(true);
  });

  it('should not wait more than 2 s for a browser that is never idle', async () => {
    // Never idle: only the time limit the console set calls it back.
    window.requestIdleCallback = (work, options) =>
      options?.timeout === undefined
        ? 0
        : window.setTimeout(() => work({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
    const started = Date.now();
    const { followed } = await open();
    await waitUntil(followed, 'followed once the time limit passed', { timeout: 3000 });
    expect(Date.now() - started).to.be.within(2000, 3000);
  });

  it('should follow at once on a browser that cannot say when it is idle', async () => {
    window.requestIdleCallback = undefined as unknown as typeof requestIdleCallback;
    const { followed } = await open();
    await waitUntil(followed, 'followed');
  });

  it('should not follow while off the page when the browser idles, and follow once back', async () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = (work) => idle.push(() => work({ didTimeout: false, timeRemaining: () => 50 }));
    const { el, streams } = await open();
    const parent = el.parentElement!;
    el.remove();
    for (const work of idle) work();
    expect(streams()).to.equal(0);
    parent.append(el);
    await waitUntil(() => streams() === 1, 'followed once back');
    el.remove();
    parent.append(el);
    await waitUntil(() => streams() === 2, 'followed again');
  });
});
