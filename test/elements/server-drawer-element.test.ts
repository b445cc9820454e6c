// <server-drawer> on its own, over a stubbed backend: its tabs, the notification count, what it keeps of the log and
// of stderr (the newest, up to its limits), the live events it takes or ignores, a failed load with Retry, a failed
// Export, Close, and following the log only while it is on the page. The drawer inside <tool-console> is
// server-drawer.test.ts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ProtocolEntry, ServerState } from '../../protocol/index.js';
import '../../elements/server-drawer/server-drawer.js';
import type { ServerDrawer } from '../../elements/server-drawer/server-drawer.js';
import { ToolApi } from '../../elements/api.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

const STATE: ServerState = {
  connected: true,
  name: 'everything',
  transport: 'stdio',
  target: 'srv',
  clientCapabilities: {},
  roots: [],
  logLevel: 'info',
  stderr: [],
};

function entry(seq: number, fields: Partial<ProtocolEntry> = {}): ProtocolEntry {
  return {
    seq,
    time: Date.UTC(2026, 0, 1, 12),
    direction: 'sent',
    kind: 'request',
    method: `m${seq}`,
    size: 10,
    message: {},
    ...fields,
  };
}
const notification = (seq: number, direction: 'sent' | 'received' = 'received') =>
  entry(seq, { direction, kind: 'notification', method: `notifications/n${seq}` });

type Answer = (call: FetchCall) => Response | Promise<Response>;

/** A drawer (inside a shadow root, as <tool-console> holds it) over a backend with `state` and `entries`. */
async function mount(
  options: { state?: ServerState; entries?: ProtocolEntry[]; dropped?: number; answers?: Record<string, Answer> } = {},
) {
  const { state = STATE, entries = [], dropped = 0, answers = {} } = options;
  const streams: EventStreamAnswer[] = [];
  const { calls } = stubFetch((call) => {
    const route = `${call.method} ${new URL(call.url).pathname}`;
    if (answers[route]) return answers[route](call);
    if (route === 'GET /api/server') return json(state);
    if (route === 'GET /api/server/log') {
      const live = (call.init?.headers as Record<string, string>).Accept === 'text/event-stream';
      if (!live) return json({ dropped, entries });
      streams.push(eventStream());
      return streams.at(-1)!.response;
    }
    return json({ error: 'Not found' }, 404);
  });
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement('server-drawer');
  el.open = true;
  el.api = new ToolApi('/api/tools');
  host.attachShadow({ mode: 'open' }).append(el);
  await el.updateComplete;
  return { host, el, root: el.shadowRoot!, calls, streams };
}

const tabs = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('[role=tab]')];
const tab = (root: ShadowRoot, name: string) => tabs(root).find((t) => t.textContent!.trim().startsWith(name))!;
const badge = (root: ShadowRoot) => tabs(root).map((t) => t.querySelector('.badge')?.textContent ?? '');
const pane = (root: ShadowRoot, tag: string) => root.querySelector(tag)?.shadowRoot;
const count = (root: ShadowRoot) =>
  pane(root, 'protocol-log')?.querySelector('.count')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const alert = (root: ShadowRoot) => root.querySelector('.problem p')?.textContent ?? '';
const streamed = (streams: EventStreamAnswer[]) => waitUntil(() => streams.length, 'the live log is followed');

describe('<server-drawer> on its own', () => {
  it('should start closed, and show one tab at a time, the Protocol one first', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const el = document.createElement('server-drawer');
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    host.append(el);
    await el.updateComplete;
    expect(el.hidden).to.equal(true);
    const root = el.shadowRoot!;
    expect(tabs(root).map((t) => `${t.textContent!.trim()}:${t.getAttribute('aria-selected')}`)).to.deep.equal([
      'Protocol:true',
      'Notifications:false',
      'Server:false',
    ]);
    expect(pane(root, 'protocol-log')!.querySelectorAll('[part=row]').length).to.equal(0);
    tab(root, 'Server').click();
    await el.updateComplete;
    expect(tabs(root).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['false', 'false', 'true']);
    expect(root.querySelector('[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal('tab-server');
  });

  it('should count only notifications the server sent, and none once seen', async () => {
    const { root } = await mount({ entries: [entry(1), notification(2, 'sent'), entry(3, { direction: 'received' })] });
    await waitUntil(() => count(root).startsWith('3 of 3'), 'the log is loaded');
    expect(badge(root)).to.deep.equal(['', '', '']);
    const second = await mount({ entries: [notification(1), notification(2), entry(3, { direction: 'received' })] });
    await waitUntil(() => badge(second.root)[1] === '2', 'two are counted');
    expect(badge(second.root)).to.deep.equal(['', '2', '']);
  });

  it('should keep the newest 2000 messages, counting the rest as not kept, also as they arrive', async () => {
    const entries = Array.from({ length: 2001 }, (_, i) => entry(i + 1));
    const { root, streams } = await mount({ entries, dropped: 3 });
    await waitUntil(() => count(root).startsWith('2000'), 'the log is loaded');
    expect(count(root)).to.equal('2000 of 2000 messages · 4 older not kept');
    await streamed(streams);
    streams[0].send('entry', entry(2002));
    await waitUntil(() => count(root).endsWith('5 older not kept'), 'one more let go');
    expect(count(root)).to.equal('2000 of 2000 messages · 5 older not kept');
    streams[0].send('dropped', { dropped: 2 });
    streams[0].send('dropped', { dropped: 9 });
    await waitUntil(() => count(root).endsWith('9 older not kept'), 'the larger count is kept');
  });

  it('should add a live message only past the last it holds', async () => {
    const { root, streams } = await mount();
    await streamed(streams);
    expect(streams.length).to.equal(1);
    streams[0].send('entry', entry(1));
    await waitUntil(() => count(root) === '1 of 1 message', 'the first is added');
    streams[0].send('entry', entry(1));
    streams[0].send('entry', entry(2));
    await waitUntil(() => count(root).startsWith('2 of 2'), 'the next is added');
    streams[0].send('entry', entry(2));
    streams[0].send('entry', entry(1));
    streams[0].send('entry', entry(3));
    await waitUntil(() => count(root).startsWith('3 of 3'), 'only the new one is added');
  });

  it("should follow the server's state and its stderr live, keeping the last 200 lines", async () => {
    const lines = Array.from({ length: 201 }, (_, i) => `line ${i}`);
    const { root, streams } = await mount({ state: { ...STATE, stderr: lines } });
    tab(root, 'Server').click();
    await waitUntil(() => pane(root, 'server-panel')?.querySelector('[part=stderr]'), 'the stderr is shown');
    const stderr = () => pane(root, 'server-panel')!.querySelector('[part=stderr]')!.textContent!.split('\n');
    expect([stderr().length, stderr()[0]]).to.deep.equal([200, 'line 1']);
    await streamed(streams);
    streams[0].send('stderr', { line: 'live' });
    await waitUntil(() => stderr().at(-1) === 'live', 'the live line is shown');
    expect([stderr().length, stderr()[0]]).to.deep.equal([200, 'line 2']);
    streams[0].send('state', { ...STATE, connected: false, stderr: ['after'] });
    await waitUntil(() => stderr().join() === 'after', 'the new state is shown');
    expect(pane(root, 'server-panel')!.querySelector('#about')!.textContent).to.equal('Not connected');
  });

  it('should say a failed load and try again on Retry', async () => {
    let fail = true;
    const { root, calls } = await mount({
      answers: {
        'GET /api/server': () => (fail ? json({ error: 'The bridge is down.' }, 503) : json(STATE)),
      },
    });
    await waitUntil(() => alert(root), 'the failure is shown');
    expect(alert(root)).to.equal('Loading what the server did failed: The bridge is down.');
    fail = false;
    root.querySelector<HTMLButtonElement>('.problem button')!.click();
    await waitUntil(() => !root.querySelector('.problem'), 'loaded');
    expect(calls.filter((c) => c.url.endsWith('/api/server')).length).to.equal(2);
  });

  it('should say a failed Export, and save the log as JSON', async () => {
    let fail = true;
    const saved: Blob[] = [];
    const { root, calls } = await mount({
      answers: {
        'GET /api/server/log': (call) =>
          (call.init?.headers as Record<string, string>).Accept === 'text/event-stream'
            ? eventStream().response
            : fail && call.signal === undefined // the export's request, not the load's
              ? json({ error: 'Gone.' }, 500)
              : json({ dropped: 0, entries: [] }),
      },
    });
    await waitUntil(() => calls.some((c) => c.url.includes('?after=')), 'the log is loaded');
    const log = pane(root, 'protocol-log')!;
    const exportButton = [...log.querySelectorAll('button')].find((b) => b.textContent === 'Export')!;
    exportButton.click();
    await waitUntil(() => alert(root), 'the failure is shown');
    expect(alert(root)).to.equal('Exporting the protocol log failed: Gone.');
    fail = false;
    const createObjectURL = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), createObjectURL(blob));
    HTMLAnchorElement.prototype.click = () => {};
    try {
      exportButton.click();
      await waitUntil(() => saved.length, 'saved');
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(saved[0].type).to.equal('application/json');
  });

  it('should ask to be closed, across the shadow root it sits in', async () => {
    const { host, root } = await mount();
    let closes = 0;
    host.addEventListener('server-drawer-close', () => closes++);
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Close')!.click();
    expect(closes).to.equal(1);
  });

  it('should stop following the log off the page, and follow it again back on it', async () => {
    const { host, el, calls, streams } = await mount();
    await streamed(streams);
    el.remove();
    await streams[0].cancelled;
    host.shadowRoot!.append(el);
    await waitUntil(() => streams.length === 2, 'followed again');
    expect(calls.filter((c) => c.url.endsWith('/api/server')).length).to.equal(2);
  });
});
