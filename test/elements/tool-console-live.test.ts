// A live call in <tool-console>: the progress, messages, elapsed time and log lines a streaming backend reports while
// the tool runs, what stays after it ends, and Cancel. The backend's answer is a stream the test writes into, so each
// step is seen mid-call.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import { logText } from '../../elements/call/call-view.js';
import { formatElapsed } from '../../elements/display/format.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

const TOOL: ToolDetail = { name: 'slow', description: 'Takes its time', inputSchema: { type: 'object' } };
const RESULT = { content: [{ type: 'text', text: 'done' }] };

/** The answer the next call gets: a stream by default. */
let answer: () => Response;
let calls: FetchCall[];

function backend({ url }: FetchCall): Response {
  const path = decodeURIComponent(new URL(url).pathname);
  if (path === '/api/tools') return json([{ name: TOOL.name, description: TOOL.description }]);
  if (path === '/api/tools/slow') return json(TOOL);
  if (path.endsWith('/validate')) return json({ valid: true });
  if (path.endsWith('/call')) return answer();
  return json({ error: 'Not found' }, 404);
}

/** A console on `slow`, its call answered by a fresh stream. */
async function open(): Promise<{ el: ToolConsole; stream: EventStreamAnswer }> {
  const stream = eventStream();
  answer = () => stream.response;
  ({ calls } = stubFetch(backend));
  history.replaceState(null, '', '#tool=slow');
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  await waitUntil(() => $(el, 'tool-form')?.tool, 'the tool is shown');
  return { el, stream };
}

function $<K extends keyof HTMLElementTagNameMap>(el: ToolConsole, selector: K): HTMLElementTagNameMap[K] | null;
function $(el: ToolConsole, selector: string): HTMLElement | null;
function $(el: ToolConsole, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

const $$ = (el: ToolConsole, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim();

/** Starts the call and waits until the console draws it running. */
async function run(el: ToolConsole): Promise<void> {
  const started = oneEvent(el, 'tool-call-start');
  void $(el, 'tool-form')!.execute();
  await started;
  await waitUntil(() => $(el, 'progress'), 'the call is drawn running');
}

/** The log lines shown: time, level, logger and data of each. */
const logLines = (el: ToolConsole) =>
  $$(el, '.log li').map((li) =>
    [...li.children].map((part) => `${part.className}=${part.className === 'at' ? 'T' : part.textContent}`).join(' '),
  );

describe('<tool-console> live calls', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('should show an indeterminate bar until the tool gives a total, then its value, maximum and message', async () => {
    const { el, stream } = await open();
    await run(el);
    const bar = $(el, 'progress')!;
    // Chromium maps a <progress> to the progressbar role: value → aria-valuenow, max → aria-valuemax, and without
    // a value it is indeterminate (no valuenow).
    expect([bar.hasAttribute('value'), (bar as HTMLProgressElement).position]).to.deep.equal([false, -1]);
    expect(bar.getAttribute('aria-label')).to.equal('Progress of slow');
    expect(text($(el, '.live .notice'))).to.equal('Running slow…');
    stream.send('progress', { progress: 2 });
    await waitUntil(() => $(el, '.progress-text'), 'the count is shown');
    expect([bar.hasAttribute('value'), text($(el, '.count'))]).to.deep.equal([false, '2']);
    stream.send('progress', { progress: 3, total: 10, message: 'Reading <b>page</b> 3' });
    await waitUntil(() => bar.hasAttribute('value'), 'the bar has a value');
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).to.deep.equal(['3', '10']);
    expect(text($(el, '.message'))).to.equal('Reading <b>page</b> 3');
    expect(text($(el, '.count'))).to.equal('3 / 10');
    // Progress is not read out as it changes: the only live region is the console's, silent until the end.
    expect($$(el, '[aria-live], [role=status], [role=log], [role=alert]').map((node) => text(node))).to.deep.equal([
      '',
    ]);
    stream.send('result', { status: 200, result: RESULT });
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    expect($(el, 'progress')).to.equal(null);
    expect(text($(el, '[aria-live=polite]'))).to.match(/^slow finished: success/);
  });

  it("should show where a call that runs as a task stands, its server's words as text", async () => {
    const { el, stream } = await open();
    await run(el);
    expect($(el, '.task')).to.equal(null);
    stream.send('task', { taskId: 't-1', status: 'working', statusMessage: 'Gathering <i>sources</i>...' });
    await waitUntil(() => $(el, '.task'), 'the task is shown');
    expect(text($(el, '.task'))).to.equal('Task working: Gathering <i>sources</i>...');
    stream.send('task', { taskId: 't-1', status: 'input_required' });
    await waitUntil(() => text($(el, '.task')) === 'Task input required', 'the new status is shown');
    stream.send('result', { status: 200, result: RESULT });
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    expect($(el, '.task')).to.equal(null);
  });

  it('should show the log lines as they arrive, in order, each with its level, as text; and keep them after the end', async () => {
    const { el, stream } = await open();
    await run(el);
    stream.send('log', { level: 'info', data: 'starting' });
    await waitUntil(() => logLines(el).length === 1, 'the first line is shown');
    expect(text($(el, '.logs summary'))).to.equal('Log (1 line)');
    stream.send('log', { level: 'warning', logger: 'disk', data: { free: '2 GB', ok: false } });
    stream.send('log', { level: 'error', data: '<img src=x onerror="window.pwned=1">' });
    stream.send('log', { level: 'custom', data: 42 });
    await waitUntil(() => logLines(el).length === 4, 'four lines are shown');
    expect(logLines(el)).to.deep.equal([
      'at=T level info=info data=starting',
      'at=T level warning=warning logger=disk data={"free":"2 GB","ok":false}',
      'at=T level error=error data=<img src=x onerror="window.pwned=1">',
      'at=T level =custom data=42',
    ]);
    expect(el.shadowRoot!.querySelector('.log img')).to.equal(null);
    // When each line came, from the call's start (the clock reading is checked on its own).
    expect($$(el, '.log .at').every((at) => /^\d+:\d\d$/.test(at.textContent!))).to.equal(true);
    stream.send('result', { status: 200, result: RESULT });
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    expect(logLines(el)).to.have.length(4);
    // Above the result, where the eye goes first.
    const follows = $(el, '.logs')!.compareDocumentPosition($(el, 'tool-result')!);
    expect(follows & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
  });

  it('should keep the latest 500 log lines of a chatty tool, and say how many went', async () => {
    const { el, stream } = await open();
    await run(el);
    const lines = Array.from({ length: 520 }, (_, i) => `event: log\ndata: {"level":"debug","data":"line ${i}"}\n\n`);
    stream.write(lines.join(''));
    await waitUntil(() => text($(el, '.logs summary')) === 'Log (520 lines)', 'all lines are counted');
    const shown = $$(el, '.log .data').map((node) => node.textContent);
    expect([shown.length, shown[0], shown.at(-1)]).to.deep.equal([500, 'line 20', 'line 519']);
    expect(text($(el, '.dropped'))).to.equal('The 20 earliest lines are not kept; the latest 500 are.');
  });

  it('should tick the elapsed time while the call runs, and stop the clock when it ends', async () => {
    const clocks = trackIntervals();
    try {
      const { el, stream } = await open();
      await run(el);
      const seconds = () => Number(/^Elapsed time 0:(\d\d)$/.exec(text($(el, '.elapsed')) ?? '')?.[1]);
      const first = seconds();
      expect(first).to.be.within(0, 59);
      expect(clocks.live.size).to.equal(1);
      await waitUntil(() => seconds() > first, 'the clock ticks', { timeout: 3500 });
      stream.send('result', { status: 200, result: RESULT });
      await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
      expect([$(el, '.elapsed'), clocks.live.size]).to.deep.equal([null, 0]);
    } finally {
      clocks.restore();
    }
  });

  it('should stop the clock while the console is off the page mid-call, and start it again when it is back', async () => {
    const clocks = trackIntervals();
    try {
      const { el, stream } = await open();
      await run(el);
      expect(clocks.live.size).to.equal(1);
      const fixtureParent = el.parentElement!;
      el.remove();
      expect(clocks.live.size).to.equal(0);
      // Off the page, the call still runs and the console still draws it; the clock stays stopped.
      stream.send('progress', { progress: 1 });
      await waitUntil(() => $(el, '.progress-text'), 'the progress is drawn');
      await el.updateComplete;
      expect(clocks.live.size).to.equal(0);
      fixtureParent.append(el);
      await el.updateComplete;
      expect(clocks.live.size).to.equal(1);
      stream.send('result', { status: 200, result: RESULT });
      await waitUntil(() => clocks.live.size === 0, 'the clock stops at the end');
    } finally {
      clocks.restore();
    }
  });

  it('should cancel the stream from the form’s Cancel, beside Execute, and keep what the tool logged', async () => {
    const { el, stream } = await open();
    await run(el);
    stream.send('log', { level: 'info', data: 'working' });
    await waitUntil(() => logLines(el).length === 1, 'the line is shown');
    const form = $(el, 'tool-form')!;
    await form.updateComplete;
    const ended = oneEvent(el, 'tool-call-end');
    form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="cancel"]')!.click();
    expect((await ended).detail.aborted).to.equal(true);
    await stream.cancelled;
    await el.updateComplete;
    expect(text($(el, '.card .notice'))).to.equal('Cancelled.');
    expect([$(el, 'progress'), logLines(el).length]).to.deep.equal([null, 1]);
    expect(calls.find((call) => call.url.endsWith('/call'))!.signal!.aborted).to.equal(true);
  });

  it('should fail with a clear message when the stream ends before the result', async () => {
    const { el, stream } = await open();
    await run(el);
    stream.send('progress', { progress: 1, total: 3 });
    stream.close();
    await waitUntil(() => $(el, 'tool-result'), 'the failure is shown');
    const result = $(el, 'tool-result')!;
    await result.updateComplete;
    expect(text(result.shadowRoot!.querySelector('[role=alert] strong'))).to.equal(
      'The connection closed before the tool answered.',
    );
    expect(text($(el, '[aria-live=polite]'))).to.equal('slow failed: The connection closed before the tool answered.');
  });

  it('should still run a call a backend answers with plain JSON', async () => {
    const { el } = await open();
    answer = () => json(RESULT);
    const ended = oneEvent(el, 'tool-call-end');
    await $(el, 'tool-form')!.execute();
    expect((await ended).detail.outcome!.result).to.deep.equal(RESULT);
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    expect([$(el, '.logs'), $(el, 'progress')]).to.deep.equal([null, null]);
    const sent = calls.find((call) => call.url.endsWith('/call'))!.init!.headers as Record<string, string>;
    expect(sent.Accept).to.equal('text/event-stream');
  });

  it('should be accessible while running with progress and log lines, and after', async () => {
    const { el, stream } = await open();
    await run(el);
    stream.send('progress', { progress: 1, total: 2, message: 'Halfway' });
    stream.send('log', { level: 'warning', logger: 'net', data: 'slow link' });
    stream.send('log', { level: 'error', data: 'retrying' });
    await waitUntil(() => logLines(el).length === 2, 'the lines are shown');
    await expect(el).to.be.accessible();
    stream.send('result', { status: 200, result: RESULT });
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    await expect(el).to.be.accessible();
  });
});

describe('call view text', () => {
  it('should write elapsed time as a clock reading', () => {
    expect([0, 999, 1000, 59_999, 60_000, 754_000, 3_600_000, 3_723_000, -5, NaN].map(formatElapsed)).to.deep.equal([
      '0:00',
      '0:00',
      '0:01',
      '0:59',
      '1:00',
      '12:34',
      '1:00:00',
      '1:02:03',
      '0:00',
      '0:00',
    ]);
  });

  it('should show a log line’s data as text: a string as it is, other JSON on one line', () => {
    expect(['a\nb', { a: [1, 2] }, null, 3, true, undefined].map(logText)).to.deep.equal([
      'a\nb',
      '{"a":[1,2]}',
      'null',
      '3',
      'true',
      '',
    ]);
  });
});

/** Records the 1-second intervals started and not yet cleared (the elapsed clock), until `restore()`. */
function trackIntervals() {
  const live = new Set<number>();
  const { setInterval: realSet, clearInterval: realClear } = window;
  window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id = realSet(handler, ms, ...rest);
    if (ms === 1000) live.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) live.delete(id);
    realClear(id);
  }) as typeof window.clearInterval;
  return { live, restore: () => Object.assign(window, { setInterval: realSet, clearInterval: realClear }) };
}
