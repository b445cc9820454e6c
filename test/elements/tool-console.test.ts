import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';

const TOOLS: ToolDetail[] = [
  {
    name: 'echo',
    description: 'Says it back',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
  {
    name: 'fs/read file',
    title: 'Read',
    description: 'Reads',
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
  },
];

let calls: FetchCall[] = [];
let down = false;
/** Answers held back until the test releases them, by path. */
let holds = new Map<string, Promise<void>>();

/** Holds the answer to `path` until `release()`. */
function held(path: string): { release: () => void } {
  let release!: () => void;
  holds.set(path, new Promise<void>((resolve) => (release = resolve)));
  return { release };
}

/** A fake backend at /api/tools. */
async function backend({ url, init }: FetchCall): Promise<Response> {
  if (down) throw new TypeError('Failed to fetch');
  await holds.get(new URL(url).pathname);
  const path = decodeURIComponent(new URL(url).pathname);
  if (path === '/api/tools') return json(TOOLS.map(({ inputSchema: _, ...summary }) => summary));
  const tool = TOOLS.find((t) => path.startsWith(`/api/tools/${t.name}`));
  if (!tool) return json({ error: 'Tool not found' }, 404);
  if (path.endsWith('/validate')) return json({ valid: true });
  if (path.endsWith('/call')) return json({ content: [{ type: 'text', text: `ran ${init?.body}` }] });
  return json(tool);
}

async function open(attributes = ''): Promise<ToolConsole> {
  const el = await fixture<ToolConsole>(
    attributes === 'no-exec'
      ? html`<tool-console src="/api/tools" heading="Tools" execution="false"></tool-console>`
      : html`<tool-console src="/api/tools" heading="Tools" execution="true"></tool-console>`,
  );
  await settle(el);
  return el;
}

function $<K extends keyof HTMLElementTagNameMap>(el: ToolConsole, selector: K): HTMLElementTagNameMap[K] | null;
function $(el: ToolConsole, selector: string): HTMLElement | null;
function $(el: ToolConsole, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

async function pick(el: ToolConsole, name: string): Promise<void> {
  const list = $(el, 'tool-list')!;
  list.dispatchEvent(new CustomEvent('tool-select', { detail: { name }, bubbles: true, composed: true }));
  await settle(el);
}

describe('<tool-console>', () => {
  beforeEach(() => {
    down = false;
    holds = new Map();
    history.replaceState(null, '', location.pathname + location.search);
    localStorage.clear();
    ({ calls } = stubFetch(backend));
  });
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
    localStorage.clear();
  });

  it('should list the tools and invite the user to pick one', async () => {
    const el = await open();
    expect($(el, 'h1')!.textContent).to.contain('Tools');
    expect($(el, 'tool-list')!.tools.map((tool) => tool.name)).to.deep.equal(['echo', 'fs/read file']);
    expect($(el, '.intro')!.textContent).to.contain('2 tools');
  });

  it('should show the selected tool with its form and put it in the URL hash', async () => {
    const el = await open();
    await pick(el, 'fs/read file');
    expect($(el, '#tool-title')!.textContent).to.equal('Read');
    expect($(el, '.name')!.textContent).to.equal('fs/read file');
    expect($(el, '.badge')!.textContent!.trim()).to.equal('read-only');
    expect($(el, 'tool-form')!.tool!.name).to.equal('fs/read file');
    expect(location.hash).to.equal('#tool=fs%2Fread%20file');
    expect(calls.some((call) => call.url.endsWith('/api/tools/fs%2Fread%20file'))).to.equal(true);
  });

  it('should open the tool named in the URL hash (a deep link or a reload)', async () => {
    history.replaceState(null, '', '#tool=echo');
    const el = await open();
    expect($(el, '#tool-title')!.textContent).to.equal('echo');
    history.pushState(null, '', '#tool=fs%2Fread%20file');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(el);
    expect($(el, '#tool-title')!.textContent).to.equal('Read');
  });

  it('should say when the backend is down and load on Retry', async () => {
    down = true;
    const el = await open();
    expect($(el, '[role=alert]')!.textContent).to.contain('did not answer');
    down = false;
    $(el, '[role=alert] button')!.click();
    await settle(el);
    expect($(el, 'tool-list')).to.exist;
  });

  it('should say when a deep-linked tool does not exist', async () => {
    history.replaceState(null, '', '#tool=nope');
    const el = await open();
    expect($(el, '[role=alert]')!.textContent).to.contain('No tool named “nope”');
  });

  it('should pass the execution flag to the form, "false" meaning off', async () => {
    const off = await open('no-exec');
    await pick(off, 'echo');
    expect($(off, 'tool-form')!.allowExecute).to.equal(false);
    const on = await open();
    await pick(on, 'echo');
    expect($(on, 'tool-form')!.allowExecute).to.equal(true);
  });

  it('should run a call with the Bearer token from the auth bar and show the result', async () => {
    const el = await open();
    await pick(el, 'echo');
    const bar = $(el, 'tool-auth-bar')!;
    const input = bar.shadowRoot!.querySelector('input')!;
    expect(input.type).to.equal('password');
    input.value = 'abc';
    input.dispatchEvent(new Event('input'));
    const form = $(el, 'tool-form')!;
    await form.updateComplete;
    const ended = oneEvent(el, 'tool-call-end');
    await form.execute();
    await ended;
    await el.updateComplete;
    const call = calls.find((c) => c.url.endsWith('/call'))!;
    expect((call.init!.headers as Record<string, string>).Authorization).to.equal('Bearer abc');
    // The result view loads with the first call.
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    const result = $(el, 'tool-result')!;
    await result.updateComplete;
    expect(result.shadowRoot!.textContent).to.contain('ran');
    expect(JSON.stringify(localStorage)).not.to.contain('abc');
  });

  it('should keep recent arguments per tool and replay them into the form', async () => {
    const el = await open();
    await pick(el, 'echo');
    const form = $(el, 'tool-form')!;
    form.value = { text: 'hi' };
    await form.updateComplete;
    const ended = oneEvent(el, 'tool-call-end');
    await form.execute();
    await ended;
    await el.updateComplete;
    expect($(el, '.history summary')!.textContent).to.contain('(1)');
    form.value = { text: 'changed' };
    $(el, '.history button')!.click();
    expect(form.value).to.deep.equal({ text: 'hi' });
    const again = await open();
    await pick(again, 'echo');
    expect($(again, '.history summary')!.textContent).to.contain('(1)');
  });

  it('should show nothing running when the host prevents the call, and send nothing', async () => {
    const el = await open();
    await pick(el, 'echo');
    const prevent = (event: Event) => event.preventDefault();
    document.addEventListener('tool-call-start', prevent);
    try {
      const form = $(el, 'tool-form')!;
      await form.execute();
      await el.updateComplete;
      await form.updateComplete;
      expect(calls.filter((call) => call.url.endsWith('/call'))).to.deep.equal([]);
      expect($(el, '#result-title')).to.equal(null);
      expect(el.shadowRoot!.textContent).not.to.contain('Running');
      const execute = form.shadowRoot!.querySelector('[part~="execute"]')!;
      expect([execute.textContent!.trim(), execute.getAttribute('aria-disabled')]).to.deep.equal(['Execute', 'false']);
    } finally {
      document.removeEventListener('tool-call-start', prevent);
    }
    // Once the host lets calls through, the same form runs.
    const ended = oneEvent(el, 'tool-call-end');
    await $(el, 'tool-form')!.execute();
    expect((await ended).detail.outcome!.status).to.equal(200);
  });

  it('should own the call: the form draws it running, and the end is announced politely', async () => {
    const answer = held('/api/tools/echo/call');
    const el = await open();
    await pick(el, 'echo');
    const form = $(el, 'tool-form')!;
    const started = oneEvent(el, 'tool-call-start');
    await form.execute();
    await started;
    await el.updateComplete;
    await form.updateComplete;
    expect(form.call?.status).to.equal('running');
    expect($(el, '.card .notice')!.textContent).to.equal('Running echo…');
    const region = $(el, '[aria-live="polite"]')!;
    expect(region.textContent).to.equal('');
    const ended = oneEvent(el, 'tool-call-end');
    answer.release();
    await ended;
    await el.updateComplete;
    expect(form.call?.status).to.equal('finished');
    expect(region.textContent).to.match(/^echo finished: success, [\d.]+ (ms|s)\.$/);
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    expect($(el, 'tool-result')!.outcome!.result.content).to.have.length(1);
  });

  it('should cancel a running call when the user leaves its tool', async () => {
    held('/api/tools/echo/call');
    const el = await open();
    await pick(el, 'echo');
    const ended = oneEvent(el, 'tool-call-end');
    await $(el, 'tool-form')!.execute();
    await pick(el, 'fs/read file');
    expect((await ended).detail.aborted).to.equal(true);
    await el.updateComplete;
    expect($(el, '#result-title')).to.equal(null);
    expect($(el, 'tool-form')!.call).to.equal(undefined);
  });

  it('should keep the token in one place: the API client the form and the auth bar are drawn from', async () => {
    const el = await open();
    await pick(el, 'echo');
    const input = $(el, 'tool-auth-bar')!.shadowRoot!.querySelector('input')!;
    input.value = 'Bearer s3cret';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    const form = $(el, 'tool-form')!;
    expect(form.api!.token).to.equal('Bearer s3cret');
    expect($(el, 'tool-auth-bar')!.token).to.equal('Bearer s3cret');
  });

  it('should say which server it is in front of: name, version, website, and its instructions', async () => {
    const server = {
      name: 'mcp-servers/everything',
      title: 'Everything Reference Server',
      version: '2.0.0',
      websiteUrl: 'https://example.com/everything',
      instructions: 'Use **echo** first.\n\n- one\n- two <b>not bold</b>',
    };
    const el = await fixture<ToolConsole>(
      html`<tool-console src="/api/tools" server=${JSON.stringify(server)} max-body="2048"></tool-console>`,
    );
    await settle(el);
    expect($(el, 'h1')!.textContent!.trim()).to.equal('Everything Reference Server');
    expect($(el, '.server')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'mcp-servers/everything 2.0.0 · example.com',
    );
    expect($(el, '.server a')!.getAttribute('href')).to.equal('https://example.com/everything');
    const instructions = $(el, '.instructions tool-description')!;
    await (instructions as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(instructions.shadowRoot!.querySelector('strong')!.textContent).to.equal('echo');
    expect(instructions.shadowRoot!.querySelector('b')).to.equal(null);
    await pick(el, 'echo');
    expect($(el, 'tool-form')!.maxBodyBytes).to.equal(2048);
  });

  it('should name no server for an empty, broken or nameless server attribute, nor link a script URL', async () => {
    for (const attribute of ['', '{"name":', '{"title":"x"}', 'null']) {
      const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" server=${attribute}></tool-console>`);
      await settle(el);
      expect($(el, '.server'), attribute).to.equal(null);
      expect($(el, 'h1')!.textContent!.trim()).to.equal('MCP Tools');
    }
    const el = await fixture<ToolConsole>(
      html`<tool-console src="/api/tools" server=${JSON.stringify({ name: 'x', websiteUrl: 'javascript:alert(1)' })}
        heading="Mine"></tool-console>`,
    );
    await settle(el);
    expect($(el, '.server a')).to.equal(null);
    expect($(el, 'h1')!.textContent!.trim()).to.equal('Mine');
  });

  // The answers to a real server's 403 and 401 are proved end to end in test/e2e/console-denials.test.ts.

  it('should open the tool named by the selected attribute', async () => {
    const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" selected="fs/read file"></tool-console>`);
    await settle(el);
    expect($(el, '#tool-title')!.textContent).to.equal('Read');
    expect($(el, 'tool-form')!.tool!.name).to.equal('fs/read file');
    expect($(el, 'tool-list')!.selected).to.equal('fs/read file');
    el.setAttribute('selected', 'echo');
    await settle(el);
    expect($(el, '#tool-title')!.textContent).to.equal('echo');
  });

  it('should say what it is loading: the connection and the tools first, then the selected tool', async () => {
    const list = held('/api/tools');
    const detail = held('/api/tools/echo');
    const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" selected="echo"></tool-console>`);
    expect($(el, '[part=notice][role=status]')!.textContent).to.equal('Connecting to the MCP server…');
    expect($(el, 'tool-list')).to.equal(null);
    list.release();
    await (el as unknown as { tools: { taskComplete: Promise<unknown> } }).tools.taskComplete;
    await el.updateComplete;
    expect($(el, 'main [part=notice][role=status]')!.textContent).to.equal('Loading echo…');
    expect($(el, 'tool-list')).to.exist;
    detail.release();
    await settle(el);
    expect($(el, '[part=notice]')).to.equal(null);
    expect($(el, '#tool-title')!.textContent).to.equal('echo');
  });

  it('should be accessible', async () => {
    history.replaceState(null, '', '#tool=echo');
    const el = await open();
    await expect(el).to.be.accessible();
  });
});
