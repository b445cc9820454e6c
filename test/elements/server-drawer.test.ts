// <tool-console> with a backend that offers `inspect`: the header's Server button loads the drawer (Protocol |
// Notifications | Server) on first press; the protocol log (rows, live rows, filters, a picked message's JSON, Export,
// Open in form, the dropped count), the notifications with their count badge, and the server panel (its state, the log
// level, Ping, Reconnect, Restart, stderr live, the doctor's sentence with its evidence and Retry). The server's words
// are text, never markup.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ProtocolEntry, ServerState } from '../../protocol/index.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';

const XSS = '<img src=x onerror=alert(1)>';
const TOOLS = [{ name: 'echo', description: 'Says it back' }];
const ECHO = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

let seq = 0;
function entry(fields: Partial<ProtocolEntry> & Pick<ProtocolEntry, 'direction' | 'kind'>): ProtocolEntry {
  seq++;
  return { seq, time: Date.UTC(2026, 0, 1, 12, 0, 0, seq), size: 40 + seq, message: { jsonrpc: '2.0' }, ...fields };
}

const STATE: ServerState = {
  connected: true,
  name: 'everything',
  version: '2026.8.31',
  protocolVersion: '2025-11-25',
  transport: 'stdio',
  target: 'npx @modelcontextprotocol/server-everything',
  serverCapabilities: { tools: { listChanged: true }, logging: {} },
  clientCapabilities: { roots: { listChanged: true }, elicitation: {} },
  roots: [{ uri: 'file:///work', name: 'work' }],
  logLevel: 'info',
  stderr: ['Starting server…'],
};

const accept = (call: FetchCall) => (call.init?.headers as Record<string, string> | undefined)?.Accept;

/** A console whose backend offers `inspect`, with `entries` in its log and `state` as its server. */
async function open(
  entries: ProtocolEntry[],
  state: ServerState = STATE,
  answers: Record<string, (call: FetchCall) => Response | Promise<Response>> = {},
) {
  const live = eventStream();
  const { calls } = stubFetch((call) => {
    const url = new URL(call.url);
    const route = `${call.method} ${url.pathname}`;
    if (answers[route]) return answers[route](call);
    if (route === 'GET /api/tools') return accept(call) === 'text/event-stream' ? eventStream().response : json(TOOLS);
    if (route === 'GET /api/tools/echo') return json(ECHO);
    if (route === 'GET /api/server') return json(state);
    if (route === 'GET /api/server/log')
      return accept(call) === 'text/event-stream' ? live.response : json({ dropped: 3, entries });
    return json({ error: 'Not found' }, 404);
  });
  history.replaceState(null, '', '#');
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" offers="inspect"></tool-console>`);
  button(el.shadowRoot!, 'Server').click();
  await waitUntil(() => drawer(el)?.shadowRoot?.querySelector('[role=tab]'), 'the drawer is loaded');
  return { el, calls, live };
}

const drawer = (el: ToolConsole) => el.shadowRoot!.querySelector('server-drawer');
const inDrawer = (el: ToolConsole) => drawer(el)!.shadowRoot!;
const pane = (el: ToolConsole, tag: string) => inDrawer(el).querySelector(tag)!.shadowRoot!;
const button = (root: ShadowRoot, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent!.trim().startsWith(text))!;
const tab = (el: ToolConsole, name: string) =>
  [...inDrawer(el).querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent!.trim().startsWith(name))!;
const rows = (el: ToolConsole) =>
  [...pane(el, 'protocol-log').querySelectorAll<HTMLElement>('[part=row]')].map((row) =>
    [...row.querySelectorAll('span')].map((cell) => cell.textContent!.trim()),
  );
/** A panel's definition lists as `term: value` lines. */
const facts = (root: ShadowRoot) =>
  [...root.querySelectorAll('dt')].map(
    (term) => `${term.textContent!.trim()}: ${term.nextElementSibling!.textContent!.trim()}`,
  );
async function openTab(el: ToolConsole, name: string, tag: string) {
  tab(el, name).click();
  await waitUntil(() => inDrawer(el).querySelector(tag)?.shadowRoot, `the ${name} tab is shown`);
}

describe('<tool-console> Server drawer', () => {
  it('should offer no Server button unless the backend offers inspect', async () => {
    stubFetch(() => json(TOOLS));
    const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" offers="resources"></tool-console>`);
    expect(button(el.shadowRoot!, 'Server')).to.equal(undefined);
  });

  it('should show the log, one row per message (time, arrow, method, id, size, round trip), and the dropped count', async () => {
    const { el } = await open([
      entry({ direction: 'sent', kind: 'request', method: 'tools/list', id: 1, size: 42 }),
      entry({ direction: 'received', kind: 'response', method: 'tools/list', id: 1, size: 2048, rttMs: 12 }),
    ]);
    await waitUntil(() => rows(el).length === 2, 'the rows are shown');
    const [sent, received] = rows(el);
    expect(sent.slice(1)).to.deep.equal(['→', 'tools/list', '1', '42 B', '']);
    expect(received.slice(1)).to.deep.equal(['←', 'tools/list response', '1', '2 KB', '12 ms']);
    expect(sent[0]).to.match(/^\d\d:\d\d:\d\d\.\d{3}$/);
    expect(pane(el, 'protocol-log').querySelector('.count')!.textContent).to.contain('3 older not kept');
  });

  it('should add live messages at the bottom and keep the newest in view until the user scrolls up', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      entry({ direction: i % 2 ? 'received' : 'sent', kind: 'notification', method: `notifications/n${i}` }),
    );
    const { el, calls, live } = await open(many);
    await waitUntil(() => rows(el).length, 'rows are shown');
    // Windowed: 2,000 messages, a screenful of rows.
    expect(rows(el).length).to.be.below(60);
    const viewport = pane(el, 'protocol-log').querySelector<HTMLElement>('.viewport')!;
    await waitUntil(() => rows(el).some((row) => row[2] === 'notifications/n1999'), 'the newest is in view');
    expect(
      calls.find((call) => accept(call) === 'text/event-stream' && call.url.includes('/server/log'))!.url,
    ).to.contain(`after=${many.at(-1)!.seq}`);
    live.send('entry', entry({ direction: 'received', kind: 'notification', method: 'notifications/live' }));
    await waitUntil(() => rows(el).some((row) => row[2] === 'notifications/live'), 'the live message is in view');
    viewport.scrollTop = 0;
    viewport.dispatchEvent(new Event('scroll'));
    await waitUntil(() => rows(el).some((row) => row[2] === 'notifications/n1'), 'scrolled up');
    live.send('entry', entry({ direction: 'received', kind: 'notification', method: 'notifications/later' }));
    await waitUntil(
      () => pane(el, 'protocol-log').querySelector('.count')!.textContent!.includes('2000 of 2000'),
      'kept',
    );
    expect(viewport.scrollTop).to.equal(0);
    expect(rows(el).some((row) => row[2] === 'notifications/later')).to.equal(false);
  });

  it('should filter by method and by direction', async () => {
    const { el } = await open([
      entry({ direction: 'sent', kind: 'request', method: 'tools/list', id: 1 }),
      entry({ direction: 'received', kind: 'response', method: 'tools/list', id: 1 }),
      entry({ direction: 'sent', kind: 'request', method: 'ping', id: 2 }),
    ]);
    await waitUntil(() => rows(el).length === 3, 'the rows are shown');
    const log = pane(el, 'protocol-log');
    const filter = log.querySelector<HTMLInputElement>('input[aria-label="Filter by method"]')!;
    filter.value = 'TOOLS';
    filter.dispatchEvent(new Event('input'));
    await waitUntil(() => rows(el).length === 2, 'filtered by method');
    const direction = log.querySelector<HTMLSelectElement>('select[aria-label=Direction]')!;
    direction.value = 'received';
    direction.dispatchEvent(new Event('change'));
    await waitUntil(() => rows(el).length === 1, 'filtered by direction');
    expect(rows(el)[0][2]).to.equal('tools/list response');
    expect(log.querySelector('.count')!.textContent).to.contain('1 of 3 messages');
  });

  it('should show a picked message as folded JSON, its text copyable, and the server words as text', async () => {
    const message = { jsonrpc: '2.0', method: XSS, params: { note: XSS } };
    const { el } = await open([entry({ direction: 'received', kind: 'notification', method: XSS, message })]);
    await waitUntil(() => rows(el).length === 1, 'the row is shown');
    const log = pane(el, 'protocol-log');
    expect(rows(el)[0][2]).to.equal(XSS);
    log.querySelector<HTMLElement>('[part=row]')!.click();
    await waitUntil(() => log.querySelector('.picked .json-tree'), 'the message is shown');
    expect(log.querySelector('.picked')!.textContent).to.contain('"<img src=x onerror=alert(1)>"');
    expect(log.querySelector('img')).to.equal(null);
    let copied = '';
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    try {
      button(log, 'Copy').click();
      expect(JSON.parse(copied)).to.deep.equal(message);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')).to.deep.equal(clipboard);
    }
  });

  it('should export the whole log as a JSON file, with the token', async () => {
    const entries = [entry({ direction: 'sent', kind: 'request', method: 'ping', id: 7 })];
    const { el, calls } = await open(entries);
    const clicked: { href: string; download: string }[] = [];
    const saved: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), createObjectURL(blob));
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    };
    try {
      button(pane(el, 'protocol-log'), 'Export').click();
      await waitUntil(() => clicked.length, 'the file is saved');
    } finally {
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
    }
    expect(clicked[0].download).to.equal('mcp-protocol-log.json');
    expect(clicked[0].href).to.match(/^blob:/);
    expect(JSON.parse(await saved[0].text())).to.deep.equal({ dropped: 3, entries });
    expect(calls.filter((call) => call.url.endsWith('/api/server/log')).length).to.equal(2);
  });

  it("should open a tools/call's tool with its arguments in the form", async () => {
    const message = {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
    };
    const { el } = await open([entry({ direction: 'sent', kind: 'request', method: 'tools/call', id: 4, message })]);
    await waitUntil(() => rows(el).length === 1, 'the row is shown');
    const log = pane(el, 'protocol-log');
    log.querySelector<HTMLElement>('[part=row]')!.click();
    await waitUntil(() => button(log, 'Open in form'), 'Open in form is offered');
    button(log, 'Open in form').click();
    await waitUntil(
      () => (el.shadowRoot!.querySelector('tool-form') as { value?: unknown } | null)?.value,
      'the form is filled',
    );
    expect(location.hash).to.equal('#tool=echo');
    expect((el.shadowRoot!.querySelector('tool-form') as unknown as { value: unknown }).value).to.deep.equal({
      message: 'hi',
    });
    expect(drawer(el)!.hidden, 'the drawer steps aside').to.equal(true);
  });

  it('should list notifications newest first and count those not seen on the tab', async () => {
    const { el, live } = await open([
      entry({ direction: 'sent', kind: 'request', method: 'ping', id: 1 }),
      entry({
        direction: 'received',
        kind: 'notification',
        method: 'notifications/message',
        message: { method: 'notifications/message', params: { level: 'warning', logger: 'disk', data: XSS } },
      }),
      entry({ direction: 'received', kind: 'notification', method: 'notifications/tools/list_changed' }),
    ]);
    await waitUntil(() => tab(el, 'Notifications').querySelector('.badge'), 'the count is shown');
    expect(tab(el, 'Notifications').querySelector('.badge')!.textContent).to.equal('2');
    await openTab(el, 'Notifications', 'server-notifications');
    const items = () =>
      [...pane(el, 'server-notifications').querySelectorAll('[part=notification] > details > summary')].map(
        (s) => s.textContent!,
      );
    await waitUntil(() => items().length === 2, 'the notifications are listed');
    expect(items()[0]).to.contain('notifications/tools/list_changed');
    expect(items()[1]).to.contain(`warning · disk · ${XSS}`);
    expect(pane(el, 'server-notifications').querySelector('img')).to.equal(null);
    expect(tab(el, 'Notifications').querySelector('.badge')).to.equal(null);
    await openTab(el, 'Protocol', 'protocol-log');
    live.send('entry', entry({ direction: 'received', kind: 'notification', method: 'notifications/progress' }));
    await waitUntil(() => tab(el, 'Notifications').querySelector('.badge')?.textContent === '1', 'one new');
  });
});

describe('<tool-console> Server panel', () => {
  async function panel(state: ServerState = STATE, answers = {}) {
    const opened = await open([], state, answers);
    await openTab(opened.el, 'Server', 'server-panel');
    const root = pane(opened.el, 'server-panel');
    await waitUntil(() => root.querySelector('dl'), 'the state is shown');
    return { ...opened, root };
  }

  it("should show the server's state: name, version, protocol, transport, command, capabilities, roots", async () => {
    const { root } = await panel();
    expect(facts(root)).to.deep.equal([
      'Name: everything',
      'Version: 2026.8.31',
      'Protocol version: 2025-11-25',
      'Transport: stdio (a local process)',
      'Command: npx @modelcontextprotocol/server-everything',
    ]);
    const text = root.textContent!.replace(/\s+/g, ' ');
    for (const shown of [
      'Connected',
      'tools (listChanged)',
      'logging',
      'roots (listChanged)',
      'file:///work work',
      'Starting server…',
    ])
      expect(text).to.contain(shown);
    expect(button(root, 'Restart')).to.not.equal(undefined);
  });

  it('should set the log level, ping and reconnect, saying how each went', async () => {
    const { root, calls } = await panel(STATE, {
      'POST /api/server/log-level': (call: FetchCall) =>
        json({ ...STATE, logLevel: (call.body as { level: string }).level }),
      'POST /api/server/ping': () => json({ ms: 3.5 }),
      'POST /api/server/reconnect': () => json({ error: 'The server exited at once (exit code 1).' }, 502),
    });
    const level = root.querySelector<HTMLSelectElement>('select')!;
    level.value = 'debug';
    level.dispatchEvent(new Event('change'));
    const said = () => root.querySelector('.said')!.textContent;
    await waitUntil(() => said() === 'Log level: debug', 'the level is set');
    expect(calls.find((call) => call.url.endsWith('/server/log-level'))!.body).to.deep.equal({ level: 'debug' });
    button(root, 'Ping').click();
    await waitUntil(() => said() === 'Ping: 3.5 ms', 'the round trip is shown');
    button(root, 'Reconnect').click();
    await waitUntil(() => root.querySelector('.problem'), 'the failure is shown');
    expect(root.querySelector('.problem')!.textContent).to.equal(
      'Reconnecting failed: The server exited at once (exit code 1).',
    );
  });

  it('should offer no Restart for a URL server', async () => {
    const { root } = await panel({ ...STATE, transport: 'streamable-http', target: 'https://mcp.example.com/mcp' });
    expect(button(root, 'Restart')).to.equal(undefined);
    expect(root.textContent).to.contain('URL');
  });

  it("should show the doctor's sentence with its evidence as text, and Retry reconnects", async () => {
    const diagnosis = {
      reason: 'exited' as const,
      sentence: `The server exited at once with exit code 127: ${XSS}`,
      evidence: { command: 'nope', exitCode: 127, stderr: [`sh: nope: not found ${XSS}`] },
    };
    const { root, calls, live } = await panel(
      { ...STATE, connected: false, diagnosis, stderr: [] },
      { 'POST /api/server/reconnect': () => json(STATE) },
    );
    const doctor = root.querySelector('[part=doctor]')!;
    expect(doctor.querySelector('p')!.textContent).to.equal(diagnosis.sentence);
    expect(facts(root)).to.include.members(['Command: nope', 'Exit code: 127']);
    expect(doctor.querySelector('pre')!.textContent).to.equal(`sh: nope: not found ${XSS}`);
    expect(root.querySelector('img')).to.equal(null);
    live.send('stderr', { line: `later ${XSS}` });
    await waitUntil(() => root.querySelector('[part=stderr]')?.textContent === `later ${XSS}`, 'stderr, live');
    button(root, 'Retry').click();
    await waitUntil(() => !root.querySelector('[part=doctor]'), 'connected again');
    expect(calls.some((call) => call.url.endsWith('/server/reconnect') && call.method === 'POST')).to.equal(true);
    expect(root.textContent).to.contain('Connected');
  });
});

describe('<tool-console> connecting', () => {
  it('should say "Connecting to <server>…" while the list waits for the connection', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const el = await fixture<ToolConsole>(
      html`<tool-console src="/api/tools" server='{"name":"everything"}'></tool-console>`,
    );
    expect(el.shadowRoot!.querySelector('[part=notice][role=status]')!.textContent).to.equal(
      'Connecting to everything…',
    );
  });
});
