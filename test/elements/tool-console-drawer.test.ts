// The Server button in <tool-console>'s top bar: there for a backend whose offers name `inspect` as a word, it says
// whether the drawer is open, opens it on the first press, and closes it again from itself or the drawer's Close, or
// when the drawer's protocol log opens a logged call in the form.
import { expect, waitUntil } from '@open-wc/testing';
import { eventStream, json, type FetchCall } from './fetch-stub.js';
import { $, backend, button, cleanPage, openConsole, pageErrors, text } from './tool-console.helpers.js';

/** The drawer's server panel needs a state to show. */
const SERVER = {
  connected: true,
  name: 'everything',
  transport: 'stdio',
  target: 'npx everything',
  serverCapabilities: { tools: {} },
  clientCapabilities: {},
  roots: [],
  stderr: [],
};
const accept = (call: FetchCall) => (call.init?.headers as Record<string, string> | undefined)?.Accept;

describe('<tool-console> Server button', () => {
  cleanPage();

  it('should be there only when the offers name inspect as a word', async () => {
    backend();
    for (const [offers, shown] of [
      ['inspector', false],
      ['reinspect', false],
      ['resources inspect', true],
      ['inspect', true],
    ] as const) {
      const el = await openConsole({ offers });
      expect(!!$(el, 'header button'), offers).to.equal(shown);
    }
  });

  it('should say whether the drawer is open, and open and close it', async () => {
    backend();
    const el = await openConsole({ offers: 'inspect' });
    const server = button(el.shadowRoot!, 'Server');
    expect(server.getAttribute('aria-expanded')).to.equal('false');
    expect(text($(el, 'server-drawer'))).to.equal(undefined);
    server.click();
    await waitUntil(() => $(el, 'server-drawer'), 'the drawer loads on the first press');
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('true');
    expect(($(el, 'server-drawer') as HTMLElement & { open: boolean }).open).to.equal(true);
    server.click();
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('false');
    expect(($(el, 'server-drawer') as HTMLElement & { open: boolean }).open).to.equal(false);
    server.click();
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('true');
    const drawer = $(el, 'server-drawer')!;
    await (drawer as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    button(drawer.shadowRoot!, 'Close').click();
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('false');
  });

  it("should open a logged call's tool with its arguments in the form, stepping aside", async () => {
    const { el, server } = await openFromLog('add', { a: 7 });
    await waitUntil(() => $(el, 'tool-form')?.tool?.name === 'add', 'the tool is opened');
    await waitUntil(() => JSON.stringify($(el, 'tool-form')!.value) === '{"a":7}', 'the form is filled');
    expect([location.hash, server.getAttribute('aria-expanded'), $(el, 'server-drawer')!.hidden]).to.deep.equal([
      '#tool=add',
      'false',
      true,
    ]);
  });

  it('should say that a logged call names a tool the server no longer has, with no error on the page', async () => {
    const page = pageErrors();
    const { el } = await openFromLog('gone', {});
    await waitUntil(() => $(el, 'main [role=alert]'), 'the missing tool is said');
    expect(text($(el, 'main [role=alert]'))).to.equal('No tool named “gone” on this server.');
    await new Promise((resolve) => setTimeout(resolve));
    page.stop();
    expect(page.errors).to.deep.equal([]);
  });
});

/** A console whose protocol log holds one `tools/call` of `name`, opened in the form with "Open in form". */
async function openFromLog(name: string, args: Record<string, unknown>) {
  const state = backend();
  const message = { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name, arguments: args } };
  const logged = {
    seq: 1,
    time: 0,
    size: 90,
    direction: 'sent',
    kind: 'request',
    method: 'tools/call',
    id: 4,
    message,
  };
  state.special = (path, call) => {
    if (path === '/api/server/log')
      return accept(call) === 'text/event-stream' ? eventStream().response : json({ dropped: 0, entries: [logged] });
    if (path === '/api/server') return json(SERVER);
    return undefined;
  };
  const el = await openConsole({ offers: 'inspect' });
  const server = button(el.shadowRoot!, 'Server');
  server.click();
  const protocolLog = () => $(el, 'server-drawer')?.shadowRoot?.querySelector('protocol-log')?.shadowRoot;
  await waitUntil(() => protocolLog()?.querySelector('[part=row]'), 'the logged call is listed');
  const log = protocolLog()!;
  log.querySelector<HTMLElement>('[part=row]')!.click();
  await waitUntil(() => [...log.querySelectorAll('button')].some((each) => text(each) === 'Open in form'));
  button(log, 'Open in form').click();
  return { el, server };
}
