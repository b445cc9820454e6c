import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import type { SavedCalls } from '../../elements/saved-calls/saved-calls.js';
import { settle } from './console-settle.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';

const TOOLS: ToolDetail[] = [
  {
    name: 'echo',
    description: 'Says it back',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
  { name: 'fail', description: 'Always fails', inputSchema: { type: 'object' } },
];

let calls: FetchCall[] = [];
/** The browser's own fetch, for reading the exported file's blob: URL (the stub stands in for the backend only). */
const browserFetch = window.fetch.bind(window);

/** A fake backend at /api/tools, fronting a stdio server: echo answers its text, fail answers isError. */
async function backend({ url, body }: FetchCall): Promise<Response> {
  const path = decodeURIComponent(new URL(url).pathname);
  if (path === '/api/tools') return json(TOOLS.map(({ inputSchema: _, ...summary }) => summary));
  if (path === '/api/server') return json({ connected: true, transport: 'stdio', target: 'npx -y server-everything' });
  const tool = TOOLS.find((t) => path.startsWith(`/api/tools/${t.name}`));
  if (!tool) return json({ error: 'Tool not found' }, 404);
  if (path.endsWith('/validate')) return json({ valid: true });
  if (path.endsWith('/call') && tool.name === 'fail')
    return json({ content: [{ type: 'text', text: 'it broke' }], isError: true }, 500);
  if (path.endsWith('/call'))
    return json({ content: [{ type: 'text', text: (body as { text?: string }).text ?? '' }] });
  return json(tool);
}

async function open(): Promise<ToolConsole> {
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" execution="true"></tool-console>`);
  await settle(el);
  return el;
}

async function pick(el: ToolConsole, name: string): Promise<SavedCalls> {
  el.shadowRoot!.querySelector('tool-list')!.dispatchEvent(
    new CustomEvent('tool-select', { detail: { name }, bubbles: true, composed: true }),
  );
  await settle(el);
  await customElements.whenDefined('saved-calls');
  await waitUntil(() => el.shadowRoot!.querySelector('saved-calls'), 'Save call is shown');
  const saved = el.shadowRoot!.querySelector('saved-calls')!;
  await saved.updateComplete;
  return saved;
}

const root = (saved: SavedCalls) => saved.shadowRoot!;
function button(saved: SavedCalls, text: string, within: ParentNode = root(saved)): HTMLButtonElement {
  const found = [...within.querySelectorAll('button')].find((b) => b.textContent!.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}
function type(input: HTMLInputElement | HTMLSelectElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input'));
}
const row = (saved: SavedCalls, name: string) => root(saved).querySelector<HTMLElement>(`li[data-name="${name}"]`)!;

/** Save call with the form's arguments as they are, a name and optionally a pointer expectation. */
async function save(saved: SavedCalls, name: string, pointer?: [string, 'equals' | 'matches', string]) {
  button(saved, 'Save call').click();
  await saved.updateComplete;
  const form = root(saved).querySelector('form.save')!;
  type(form.querySelector<HTMLInputElement>('input[name=name]')!, name);
  await saved.updateComplete;
  if (pointer) {
    type(form.querySelector<HTMLInputElement>('input[name=pointer]')!, pointer[0]);
    await saved.updateComplete;
    type(form.querySelector<HTMLSelectElement>('select[name=how]')!, pointer[1]);
    await saved.updateComplete;
    type(form.querySelector<HTMLInputElement>('input[name=value]')!, pointer[2]);
    await saved.updateComplete;
  }
  button(saved, 'Save', form).click();
  await saved.updateComplete;
}

async function setArguments(el: ToolConsole, args: Record<string, unknown>) {
  const form = el.shadowRoot!.querySelector('tool-form')!;
  form.value = args;
  await form.updateComplete;
}

describe('<saved-calls> in <tool-console>', () => {
  beforeEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
    localStorage.clear();
    ({ calls } = stubFetch(backend));
  });
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
    localStorage.clear();
  });

  it('should save the current arguments under a name, list them after a reload, and keep no token', async () => {
    const el = await open();
    el.shadowRoot!.querySelector('tool-auth-bar')!.dispatchEvent(
      new CustomEvent('tool-token-change', { detail: { token: 'sekrit' }, bubbles: true, composed: true }),
    );
    let saved = await pick(el, 'echo');
    await setArguments(el, { text: 'hello' });
    await save(saved, 'say hello', ['/content/0/text', 'equals', 'hello']);
    expect(root(saved).querySelector('summary')!.textContent).to.contain('Saved calls (1)');
    expect(row(saved, 'say hello').textContent).to.contain('echo');

    const again = await open();
    saved = await pick(again, 'echo');
    expect(row(saved, 'say hello')).to.exist;
    const stored = JSON.stringify(localStorage);
    expect(stored).to.contain('say hello');
    expect(stored).not.to.contain('sekrit');
    await expect(saved).to.be.accessible();
  });

  it('should refuse a duplicate name or a pointer without a slash, saying where', async () => {
    const el = await open();
    const saved = await pick(el, 'echo');
    await save(saved, 'one');
    await save(saved, 'one');
    expect(root(saved).querySelector('form.save [role=alert]')!.textContent).to.contain(
      'calls/1/name: "one" is already the name of calls/0',
    );
    button(saved, 'Cancel').click();
    await saved.updateComplete;
    await save(saved, 'two', ['content', 'equals', 'x']);
    expect(root(saved).querySelector('form.save [role=alert]')!.textContent).to.contain(
      'calls/1/expect/1: pointer must start with /',
    );
  });

  it('should open a saved call into its tool form', async () => {
    const el = await open();
    let saved = await pick(el, 'echo');
    await setArguments(el, { text: 'again' });
    await save(saved, 'again');
    saved = await pick(el, 'fail');
    button(saved, 'Open', row(saved, 'again')).click();
    await waitUntil(() => el.selected === 'echo' && el.shadowRoot!.querySelector('tool-form')?.value?.text === 'again');
    expect(location.hash).to.equal('#tool=echo');
  });

  it('should run one, and run all in order with a line per call and a summary', async () => {
    const el = await open();
    let saved = await pick(el, 'echo');
    await setArguments(el, { text: 'hello' });
    await save(saved, 'good', ['/content/0/text', 'equals', 'hello']);
    await save(saved, 'wrong', ['/content/0/text', 'matches', '^bye']);
    saved = await pick(el, 'fail');
    await save(saved, 'broken');

    button(saved, 'Run', row(saved, 'good')).click();
    await waitUntil(() => row(saved, 'good').querySelector('.verdict')?.textContent?.includes('passed'));
    expect(calls.filter((c) => c.url.endsWith('/call'))).to.have.length(1);

    button(saved, 'Run all').click();
    await waitUntil(() => root(saved).querySelector('[part=summary]'), 'the summary is shown');
    expect(row(saved, 'good').querySelector('.verdict')!.textContent!.trim()).to.equal('passed');
    expect(row(saved, 'wrong').querySelector('.verdict')!.textContent).to.contain(
      'failed expectation: /content/0/text: expected text matching /^bye/, got "hello"',
    );
    expect(row(saved, 'broken').querySelector('.verdict')!.textContent).to.contain(
      'failed expectation: expected isError false',
    );
    expect(root(saved).querySelector('[part=summary]')!.textContent).to.equal(
      '3 calls: 1 passed, 2 failed, 0 isError, 0 not run',
    );
    const order = calls.filter((c) => c.url.endsWith('/call')).map((c) => new URL(c.url).pathname);
    expect(order).to.deep.equal([
      '/api/tools/echo/call',
      '/api/tools/echo/call',
      '/api/tools/echo/call',
      '/api/tools/fail/call',
    ]);
  });

  it('should say isError when a call without expectations answers isError', async () => {
    const el = await open();
    const saved = await pick(el, 'fail');
    button(saved, 'Save call').click();
    await saved.updateComplete;
    const noError = root(saved).querySelector<HTMLInputElement>('input[name=no-error]')!;
    noError.click();
    await saved.updateComplete;
    button(saved, 'Save', root(saved).querySelector('form.save')!).click();
    await saved.updateComplete;
    button(saved, 'Run all').click();
    await waitUntil(() => root(saved).querySelector('[part=summary]'));
    expect(row(saved, 'fail').querySelector('.verdict')!.textContent).to.contain('isError: it broke');
    expect(root(saved).querySelector('[part=summary]')!.textContent).to.equal(
      '1 call: 0 passed, 0 failed, 1 isError, 0 not run',
    );
  });

  it('should rename and delete saved calls', async () => {
    const el = await open();
    const saved = await pick(el, 'echo');
    await save(saved, 'first');
    await save(saved, 'second');
    button(saved, 'Rename', row(saved, 'first')).click();
    await saved.updateComplete;
    const form = row(saved, 'first').querySelector('form')!;
    form.querySelector('input')!.value = 'renamed';
    button(saved, 'Rename', form).click();
    await saved.updateComplete;
    expect(row(saved, 'renamed')).to.exist;
    button(saved, 'Delete', row(saved, 'second')).click();
    await saved.updateComplete;
    expect([...root(saved).querySelectorAll<HTMLElement>('li[data-name]')].map((li) => li.dataset.name)).to.deep.equal([
      'renamed',
    ]);
    expect(JSON.parse(Object.values(localStorage).find((v) => v.includes('renamed'))!).calls).to.have.length(1);
  });

  it('should export the file the CLI runs and import it back whole; a malformed file says where', async () => {
    const el = await open();
    const saved = await pick(el, 'echo');
    await setArguments(el, { text: "it's $HOME" });
    await save(saved, 'quoted', ['/content/0/text', 'matches', '^it']);
    const link = root(saved).querySelector<HTMLAnchorElement>('a[download]')!;
    expect(link.getAttribute('download')).to.equal('calls.json');
    const exported = await (await browserFetch(link.href)).text();
    const file = JSON.parse(exported);
    expect(file).to.deep.equal({
      version: 1,
      calls: [
        {
          name: 'quoted',
          tool: 'echo',
          arguments: { text: "it's $HOME" },
          expect: [{ isError: false }, { pointer: '/content/0/text', matches: '^it' }],
        },
      ],
    });

    const input = root(saved).querySelector<HTMLInputElement>('input[type=file]')!;
    const choose = async (name: string, text: string, shown: string) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change'));
      await waitUntil(() => root(saved).textContent!.includes(shown), `${name}: ${shown}`);
      await saved.updateComplete;
    };
    const broken = structuredClone(file);
    broken.calls[0].expect[1].pointer = 'content';
    await choose('broken.json', JSON.stringify(broken), 'broken.json is not');
    const alert = root(saved).querySelector('[role=alert]')!.textContent!;
    expect(alert).to.contain('broken.json is not a collection of calls');
    expect(alert).to.contain('calls/0/expect/1: pointer must start with /');
    expect(row(saved, 'quoted')).to.exist;

    localStorage.clear();
    const other = {
      ...file,
      name: 'suite',
      calls: [...file.calls, { name: 'b', tool: 'fail', arguments: { n: [1] } }],
    };
    await choose('suite.json', JSON.stringify(other), 'Imported');
    expect(root(saved).querySelector('.notice')!.textContent).to.contain('Imported 2 calls from suite.json');
    const reexported = await (
      await browserFetch(root(saved).querySelector<HTMLAnchorElement>('a[download]')!.href)
    ).json();
    expect(reexported).to.deep.equal(other);
  });

  it('should show a saved call and the current call as the tool-console command, with the server it fronts', async () => {
    const el = await open();
    const saved = await pick(el, 'echo');
    await setArguments(el, { text: "it's" });
    await save(saved, 'cmd', ['/content/0/text', 'equals', 'hi']);
    button(saved, 'Command', row(saved, 'cmd')).click();
    await waitUntil(() => root(saved).querySelector('[part=command]'));
    expect(root(saved).querySelector('[part=command]')!.textContent).to.equal(
      `tool-console call echo --args '{"text":"it'\\''s"}' --expect no-error --expect '/content/0/text="hi"' ` +
        `--stdio 'npx -y server-everything'`,
    );
    await setArguments(el, { text: 'now' });
    button(saved, 'Copy as command').click();
    await waitUntil(() => root(saved).querySelector('[part=command]')!.textContent!.includes('now'));
    expect(root(saved).querySelector('[part=command]')!.textContent).to.match(
      /^tool-console call echo --args '\{"text":"now"\}' --stdio /,
    );
    expect(calls.filter((c) => c.url.endsWith('/api/server'))).to.have.length(1);
  });
});
