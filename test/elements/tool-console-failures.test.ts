// A backend whose MCP server cannot start, or died, answers 502 {"error": "<reason>"} for the list and for calls. The
// console says that reason, as text, where the list or the result would be, and Retry asks again.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import type { ToolList } from '../../elements/tool-list/tool-list.js';
import { settle } from './console-settle.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';

const ECHO = { name: 'echo', description: 'Says it back', inputSchema: { type: 'object', properties: {} } };
/** Markup in the reason must stay text: the MCP server's stderr is not ours. */
const REASON = 'The MCP server could not start: spawn <b>nope</b> ENOENT';

function $(el: ToolConsole, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

function buttonIn(scope: Element, name: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((button) => button.textContent!.trim() === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

/** A backend at /api/tools whose list and calls fail with 502 while `failing` says so. */
function backend(failing: { list: boolean; call: boolean }) {
  return stubFetch(({ url }: FetchCall) => {
    const path = decodeURIComponent(new URL(url).pathname);
    if (path === '/api/tools') return failing.list ? json({ error: REASON }, 502) : json([ECHO]);
    if (path === '/api/tools/echo') return json(ECHO);
    if (path.endsWith('/validate')) return json({ valid: true });
    if (failing.call) return json({ error: REASON }, 502);
    return json({ content: [{ type: 'text', text: 'echoed' }] });
  });
}

async function open(): Promise<ToolConsole> {
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" execution="true"></tool-console>`);
  await settle(el);
  return el;
}

describe('<tool-console> when the MCP server cannot start', () => {
  beforeEach(() => history.replaceState(null, '', location.pathname + location.search));
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('should say why in place of the list, as text, and load the list on Retry', async () => {
    const failing = { list: true, call: false };
    const { calls } = backend(failing);
    const el = await open();
    const alert = $(el, 'nav [role=alert]');
    expect(alert, 'the reason stands where the list would be').to.exist;
    expect(alert!.textContent).to.contain(REASON);
    expect(alert!.querySelector('b'), 'the reason is not parsed as HTML').to.equal(null);
    failing.list = false;
    buttonIn(alert!, 'Retry').click();
    await settle(el);
    expect(calls.filter((call) => call.url.endsWith('/api/tools')).length).to.equal(2);
    expect(($(el, 'tool-list') as ToolList).tools.map((tool) => tool.name)).to.deep.equal(['echo']);
    expect($(el, '[role=alert]')).to.equal(null);
  });

  it('should say why a call got no result, as text, and run it again on Retry', async () => {
    const failing = { list: false, call: true };
    const { calls } = backend(failing);
    history.replaceState(null, '', '#tool=echo');
    const el = await open();
    const form = $(el, 'tool-form') as HTMLElement & { execute(): Promise<void> };
    await form.execute();
    await waitUntil(() => $(el, 'tool-result'), 'no result shown');
    const result = $(el, 'tool-result')!;
    await (result as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const error = result.shadowRoot!.querySelector('[part~="error"]')!;
    expect(error.textContent).to.contain(REASON);
    expect(error.querySelector('b')).to.equal(null);
    failing.call = false;
    buttonIn($(el, '.call-failure')!, 'Retry').click();
    // The running call replaces the result; the answer draws a new one.
    await waitUntil(
      () => $(el, 'tool-result')?.shadowRoot!.textContent!.includes('echoed'),
      'Retry did not run the call again',
    );
    expect(calls.filter((call) => call.url.endsWith('/call')).length).to.equal(2);
  });
});
