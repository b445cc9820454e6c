// <tool-console> following its tool list over time: a stream that ends (the server restarted) is opened again after
// 5 s; a backend too busy to stream (503) is asked again after a pause that doubles up to a minute; one that cannot
// stream is not asked again; a console off the page asks nothing, and follows again when it is back. The pauses are
// the console's own timers, held here and let run by the test: nobody waits a minute.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

/** Timers of 5 s or more, held until the test runs them (shorter ones run as usual: Lit's, the test runner's). */
let pauses: { ms: number; run: () => void; cleared: boolean }[] = [];
const realSetTimeout = window.setTimeout;
const realClearTimeout = window.clearTimeout;

beforeEach(() => {
  pauses = [];
  window.setTimeout = ((work: () => void, ms = 0, ...rest: unknown[]) => {
    if (ms < 5000) return realSetTimeout(work, ms, ...rest);
    pauses.push({ ms, run: work, cleared: false });
    return -pauses.length;
  }) as typeof setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined && id < 0) pauses[-id - 1].cleared = true;
    else realClearTimeout(id);
  }) as typeof clearTimeout;
});
afterEach(() => {
  window.setTimeout = realSetTimeout;
  window.clearTimeout = realClearTimeout;
});

/** The pauses still waiting, in milliseconds. */
const waiting = () => pauses.filter((pause) => !pause.cleared).map((pause) => pause.ms);

/** Lets every waiting pause end. */
function letTimePass(): void {
  const due = pauses.filter((pause) => !pause.cleared);
  for (const pause of due) pause.cleared = true;
  for (const pause of due) pause.run();
}

/** Lets the promise callbacks queued now run. */
const nextTask = () => new Promise((resolve) => realSetTimeout(resolve));

const isStream = (call: FetchCall) =>
  (call.init?.headers as Record<string, string> | undefined)?.Accept === 'text/event-stream';

/** A console whose backend answers each stream request with `answer()`. */
async function open(answer: () => Response) {
  const streams: EventStreamAnswer[] = [];
  const { calls } = stubFetch((call) => {
    if (new URL(call.url).pathname !== '/api/tools') return json({ error: 'Not found' }, 404);
    return isStream(call) ? answer() : json([{ name: 'echo', description: 'Says it back' }]);
  });
  const asked = () => calls.filter(isStream).length;
  history.replaceState(null, '', location.pathname + location.search);
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  await waitUntil(() => asked() === 1, 'the console follows the list once loaded');
  return { el, asked, streams };
}

const busy = () => json({ error: 'Too many watchers' }, 503);

describe('<tool-console> following the tool list over time', () => {
  it('should open a stream that ended again after 5 s, and each time it ends', async () => {
    let stream = eventStream();
    const { asked } = await open(() => stream.response);
    stream.close();
    await waitUntil(() => waiting().length === 1, 'a pause before asking again');
    expect(waiting()).to.deep.equal([5000]);
    stream = eventStream();
    letTimePass();
    await waitUntil(() => asked() === 2, 'asked again');
    stream.close();
    await waitUntil(() => waiting().length === 1, 'a pause before asking again');
    expect(waiting()).to.deep.equal([5000]);
  });

  it('should ask a busy backend again after a pause that doubles, up to a minute', async () => {
    const { asked } = await open(busy);
    const seen = [];
    for (let n = 1; n <= 6; n++) {
      await waitUntil(() => waiting().length === 1, `pause ${n}`);
      seen.push(...waiting());
      letTimePass();
      await waitUntil(() => asked() === n + 1, `asked again (${n})`);
    }
    expect(seen).to.deep.equal([5000, 10000, 20000, 40000, 60000, 60000]);
  });

  it('should not ask again a backend that cannot stream', async () => {
    // A list where the stream should be: the console lets its body go, and is done with following.
    const notAStream = eventStream('application/json');
    const { asked } = await open(() => notAStream.response);
    await notAStream.cancelled;
    await nextTask();
    expect([asked(), waiting()]).to.deep.equal([1, []]);
  });

  it('should not ask again once off the page, during a pause or while the stream is open', async () => {
    const { el, asked } = await open(busy);
    await waitUntil(() => waiting().length === 1, 'a pause before asking again');
    el.remove();
    letTimePass();
    expect([asked(), waiting()]).to.deep.equal([1, []]);

    const stream = eventStream();
    const open2 = await open(() => stream.response);
    open2.el.remove();
    await stream.cancelled;
    await nextTask();
    letTimePass();
    expect(open2.asked()).to.equal(1);
  });

  it('should follow the list again when back on the page', async () => {
    const [first, second] = [eventStream(), eventStream()];
    const streams = [first, second];
    const { el, asked } = await open(() => streams.shift()!.response);
    const parent = el.parentElement!;
    el.remove();
    await first.cancelled;
    parent.append(el);
    await waitUntil(() => asked() === 2, 'asked again once back');
    second.send('tools', [{ name: 'second', description: 'Pushed' }]);
    await waitUntil(
      () =>
        el
          .shadowRoot!.querySelector('tool-list')
          ?.tools.map((tool) => tool.name)
          .join() === 'second',
      'the pushed list is shown',
    );
  });

  it("should name the server log's scrolling region for screen readers", async () => {
    const stream = eventStream();
    const { el } = await open(() => stream.response);
    stream.send('log', { level: 'info', data: 'started' });
    await waitUntil(() => el.shadowRoot!.querySelector('nav [role=region]'), 'the server log appears');
    const region = el.shadowRoot!.querySelector('nav [role=region]')!;
    expect([region.getAttribute('aria-label'), region.textContent!.includes('started')]).to.deep.equal([
      'Server log',
      true,
    ]);
  });
});
