// <server-panel> on its own, with a stand-in for its backend client: what it shows for each shape of the server's
// state (names, transports, capabilities, roots, instructions, stderr, the doctor's evidence) and how its controls
// behave while a request is out and after it (busy text, disabled controls, what it says, the event it fires or not).
// The drawer test covers the same panel inside <tool-console>, against the stubbed `/server` routes.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { Diagnosis, ServerLogLevel, ServerState } from '../../protocol/index.js';
import '../../elements/server-panel/server-panel.js';
import type { ServerPanel } from '../../elements/server-panel/server-panel.js';
import type { ServerApi } from '../../elements/server-api.js';

const STATE: ServerState = {
  connected: true,
  name: 'everything',
  version: '2026.8.31',
  protocolVersion: '2025-11-25',
  transport: 'stdio',
  target: 'npx server-everything',
  serverCapabilities: { tools: { listChanged: true } },
  clientCapabilities: { roots: {} },
  roots: [],
  logLevel: 'warning',
  stderr: [],
};

/** A request the test settles by hand, to see the panel while it is out. */
function held<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** A backend client whose every control waits for the test; `asked` records each call with its argument. */
function fakeApi() {
  const asked: string[] = [];
  let pending = held<unknown>();
  const wait = (what: string) => {
    asked.push(what);
    return pending.promise;
  };
  const api = {
    setLogLevel: (level: ServerLogLevel) => wait(`setLogLevel ${level}`),
    ping: () => wait('ping'),
    reconnect: (how: string) => wait(`reconnect ${how}`),
  } as unknown as ServerApi;
  return {
    api,
    asked,
    settle: (value: unknown) => (pending.resolve(value), (pending = held())),
    fail: (error: unknown) => (pending.reject(error), (pending = held())),
  };
}

async function mount(state: ServerState | undefined, extra: { stderr?: string[]; api?: ServerApi } = {}) {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  // Inside a shadow root, as the drawer holds it: an event must be composed to reach the page.
  const inner = host.attachShadow({ mode: 'open' });
  const el = document.createElement('server-panel');
  el.state = state;
  if (extra.stderr) el.stderr = extra.stderr;
  el.api = extra.api;
  inner.append(el);
  await el.updateComplete;
  return { host, el, root: el.shadowRoot! };
}

const text = (root: ShadowRoot | Element) => root.textContent!.replace(/\s+/g, ' ').trim();
const facts = (root: ShadowRoot | Element) =>
  [...root.querySelectorAll('dt')].map(
    (term) => `${term.textContent!.trim()}: ${term.nextElementSibling!.textContent!.trim()}`,
  );
const section = (root: ShadowRoot, heading: string) =>
  [...root.querySelectorAll('section')].find((s) => s.querySelector('h3')?.textContent === heading);
const items = (root: ShadowRoot, heading: string) =>
  [...(section(root, heading)?.querySelectorAll('li') ?? [])].map((li) => text(li));
/** The note a section shows in place of a list. */
const note = (root: ShadowRoot, heading: string) => section(root, heading)?.querySelector('p')?.textContent ?? '';
const buttons = (root: ShadowRoot) => [...root.querySelectorAll('button')];
const button = (root: ShadowRoot, name: string) => buttons(root).find((b) => b.textContent!.trim() === name);
const said = (root: ShadowRoot) => root.querySelector('.said')!.textContent;
const problem = (root: ShadowRoot) => root.querySelector('.problem')?.textContent ?? '';
/** Whether every control is disabled (true), enabled (false), or some of each ('mixed'). */
const controlsDisabled = (root: ShadowRoot) => {
  const states = [root.querySelector('select')!, ...buttons(root)].map((c) => c.disabled);
  return states.every(Boolean) ? true : states.some(Boolean) ? 'mixed' : false;
};

describe('<server-panel> what it shows', () => {
  it('should say it is loading until it has a state', async () => {
    const { root } = await mount(undefined);
    expect(text(root)).to.equal("Loading the server's state…");
    expect(root.querySelector('[role=status]')!.textContent).to.equal("Loading the server's state…");
  });

  it('should name the server by its title with its name, by either alone, or say it is not known', async () => {
    const named = async (fields: Partial<ServerState>) => {
      const { root } = await mount({ ...STATE, title: undefined, name: undefined, ...fields });
      return facts(root)[0];
    };
    expect(await named({ title: 'Everything', name: 'everything' })).to.equal('Name: Everything (everything)');
    expect(await named({ title: 'Everything' })).to.equal('Name: Everything');
    expect(await named({ name: 'everything' })).to.equal('Name: everything');
    expect(await named({})).to.equal('Name: (not known)');
  });

  it('should name each transport, and call the target a URL for an HTTP server', async () => {
    const shown = async (transport: ServerState['transport']) => {
      const { root } = await mount({ ...STATE, transport, target: 'T' });
      return facts(root).slice(-2);
    };
    expect(await shown('stdio')).to.deep.equal(['Transport: stdio (a local process)', 'Command: T']);
    expect(await shown('streamable-http')).to.deep.equal(['Transport: Streamable HTTP', 'URL: T']);
    expect(await shown('sse')).to.deep.equal(['Transport: HTTP with SSE', 'URL: T']);
  });

  it('should say Not connected, and None for no capabilities and no roots', async () => {
    const { root } = await mount({ ...STATE, connected: false, serverCapabilities: undefined, clientCapabilities: {} });
    expect(root.querySelector('#about')!.textContent).to.equal('Not connected');
    expect(note(root, 'Server capabilities')).to.equal('None declared.');
    expect(note(root, 'Client capabilities')).to.equal('None declared.');
    expect(note(root, 'Roots')).to.equal('None.');
    expect(section(root, 'Instructions')).to.equal(undefined);
  });

  it('should list capabilities with their options, whatever the value of each', async () => {
    const { root } = await mount({
      ...STATE,
      serverCapabilities: { tools: { listChanged: true, paged: true }, logging: {}, odd: null, word: 'yes' },
      roots: [{ uri: 'file:///a', name: 'A' }],
      instructions: 'Call **echo** first.',
    });
    expect(items(root, 'Server capabilities')).to.deep.equal(['tools (listChanged, paged)', 'logging', 'odd', 'word']);
    expect(items(root, 'Roots')).to.deep.equal(['file:///a A']);
    const instructions = section(root, 'Instructions')!.querySelector('tool-description')!;
    expect((instructions as unknown as { text: string }).text).to.equal('Call **echo** first.');
  });

  it("should show stderr's lines, or say why there are none for each transport", async () => {
    const quiet = await mount(STATE);
    expect(note(quiet.root, 'Stderr')).to.equal('Nothing on stderr yet.');
    const url = await mount({ ...STATE, transport: 'sse' });
    expect(note(url.root, 'Stderr')).to.equal('A URL server has no stderr here.');
    const noisy = await mount(STATE, { stderr: ['one', 'two'] });
    expect(noisy.root.querySelector('[part=stderr]')!.textContent).to.equal('one\ntwo');
  });

  it('should select the log level the server has', async () => {
    const { root } = await mount(STATE);
    expect(root.querySelector('select')!.value).to.equal('warning');
    expect([...root.querySelectorAll('option')].filter((o) => o.selected).map((o) => o.value)).to.deep.equal([
      'warning',
    ]);
  });
});

describe("<server-panel> the doctor's evidence", () => {
  const doctor = async (evidence: Diagnosis['evidence']) => {
    const { root } = await mount({
      ...STATE,
      connected: false,
      diagnosis: { reason: 'other', sentence: 'It failed.', evidence },
    });
    return root.querySelector('[part=doctor]')!;
  };

  it('should show every fact it saw, in order, and only those', async () => {
    const found = await doctor({
      command: 'srv',
      url: 'https://mcp.example.com/',
      exitCode: 0,
      signal: 'SIGTERM',
      status: 401,
      code: 'ECONNREFUSED',
      limitMs: 2500,
      protocolVersion: '1999-01-01',
      stdout: ['not json', 'again'],
    });
    expect(facts(found)).to.deep.equal([
      'Command: srv',
      'URL: https://mcp.example.com/',
      'Exit code: 0',
      'Signal: SIGTERM',
      'HTTP status: 401',
      'Error code: ECONNREFUSED',
      'Time limit: 2.50 s',
      'Protocol version: 1999-01-01',
    ]);
    expect([...found.querySelectorAll('h3')].map((h) => h.textContent)).to.deep.equal(['What it wrote on stdout']);
    expect(found.querySelector('pre')!.textContent).to.equal('not json\nagain');
  });

  it('should show no facts and no lines when it saw none', async () => {
    const found = await doctor({});
    expect(facts(found)).to.deep.equal([]);
    expect(text(found)).to.equal('It failed. Retry');
  });
});

describe('<server-panel> its controls', () => {
  it('should set the log level: busy and disabled while out, then the new level, and the state goes up', async () => {
    const backend = fakeApi();
    const { host, root } = await mount(STATE, { api: backend.api });
    const states: unknown[] = [];
    host.addEventListener('server-state', (e) => states.push((e as CustomEvent).detail.state));
    expect([said(root), problem(root), controlsDisabled(root)]).to.deep.equal(['', '', false]);
    const select = root.querySelector('select')!;
    select.value = 'debug';
    select.dispatchEvent(new Event('change'));
    await waitUntil(() => said(root) === 'Setting the log level…', 'busy');
    expect(controlsDisabled(root)).to.equal(true);
    expect(backend.asked).to.deep.equal(['setLogLevel debug']);
    const next = { ...STATE, logLevel: 'debug' };
    backend.settle(next);
    await waitUntil(() => said(root) === 'Log level: debug', 'done');
    expect(controlsDisabled(root)).to.equal(false);
    expect(states).to.deep.equal([next]);
  });

  it('should ping, saying the round trip, with no state to send up', async () => {
    const backend = fakeApi();
    const { host, root } = await mount(STATE, { api: backend.api });
    let events = 0;
    host.addEventListener('server-state', () => events++);
    button(root, 'Ping')!.click();
    await waitUntil(() => said(root) === 'Ping…', 'busy');
    expect(controlsDisabled(root)).to.equal(true);
    backend.settle({ ms: 3.5 });
    await waitUntil(() => said(root) === 'Ping: 3.5 ms', 'done');
    expect([events, controlsDisabled(root)]).to.deep.equal([0, false]);
  });

  it('should restart a local server, saying so, and say a failure with its words after a new try', async () => {
    const backend = fakeApi();
    const { host, root } = await mount(STATE, { api: backend.api });
    const states: unknown[] = [];
    host.addEventListener('server-state', (e) => states.push((e as CustomEvent).detail.state));
    button(root, 'Restart')!.click();
    await waitUntil(() => said(root) === 'Restarting…', 'busy');
    expect([backend.asked, controlsDisabled(root)]).to.deep.equal([['reconnect restart'], true]);
    backend.settle(STATE);
    await waitUntil(() => said(root) === 'Restarted.', 'done');
    expect(states).to.deep.equal([STATE]);
    button(root, 'Restart')!.click();
    await waitUntil(() => said(root) === 'Restarting…', 'busy again');
    backend.fail(new Error('The process would not start.'));
    await waitUntil(() => problem(root), 'the failure is shown');
    expect([problem(root), said(root), controlsDisabled(root)]).to.deep.equal([
      'Restarting failed: The process would not start.',
      '',
      false,
    ]);
  });

  it('should reconnect, saying so, and clear the last failure when a new control starts', async () => {
    const backend = fakeApi();
    const { root } = await mount(STATE, { api: backend.api });
    button(root, 'Ping')!.click();
    backend.fail('no answer');
    await waitUntil(() => problem(root), 'the failure is shown');
    expect(problem(root)).to.equal('Ping failed: no answer');
    button(root, 'Reconnect')!.click();
    await waitUntil(() => said(root) === 'Reconnecting…', 'busy');
    expect([problem(root), backend.asked.at(-1)]).to.deep.equal(['', 'reconnect reconnect']);
    backend.settle(STATE);
    await waitUntil(() => said(root) === 'Reconnected.', 'done');
  });
});
