// <tool-console> following its backend's tool list: told that the list changed, it fetches the list again (naming the
// one it has) and shows the new one; server log messages that belong to no call appear in the server log, and the
// stream is let go when the console leaves the page.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { MAX_SERVER_LOG_LINES } from '../../elements/tool-console/tool-watch.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';

const LIST = [{ name: 'first', description: 'The first tool' }];

function header(call: FetchCall, name: string): string | undefined {
  return (call.init?.headers as Record<string, string> | undefined)?.[name];
}

/**
 * A console whose backend streams news of the tool list into `stream`, and answers the plain list with its ETag (304
 * when `If-None-Match` names it). `backend.list`/`backend.tag` are what it serves now.
 */
async function open(streams = true) {
  const stream = eventStream();
  const backend = { list: LIST, tag: '"abc.br"' };
  const { calls } = stubFetch((call) => {
    if (new URL(call.url).pathname !== '/api/tools') return json({ error: 'Not found' }, 404);
    if (streams && header(call, 'Accept') === 'text/event-stream') return stream.response;
    if (header(call, 'If-None-Match') === backend.tag) return new Response(null, { status: 304 });
    const answer = json(backend.list);
    answer.headers.set('ETag', backend.tag);
    return answer;
  });
  history.replaceState(null, '', '#');
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  await waitUntil(() => calls.length === 2, 'the console follows the list once loaded');
  return { el, stream, calls, backend };
}

const names = (el: ToolConsole) =>
  (el.shadowRoot!.querySelector('tool-list') as unknown as { tools: { name: string }[] }).tools.map((t) => t.name);
const serverLog = (el: ToolConsole) => el.shadowRoot!.querySelector('nav > .logs');

describe('<tool-console> following the tool list', () => {
  it('should ask for news of the list as a stream, naming the list it has', async () => {
    const { calls } = await open();
    expect(header(calls[1], 'Accept')).to.equal('text/event-stream');
    expect(header(calls[1], 'If-None-Match')).to.equal('"abc.br"');
  });

  it('should fetch the list again, naming the one it has, when the server says it changed, and show the new one', async () => {
    const { el, stream, calls, backend } = await open();
    expect(names(el)).to.deep.equal(['first']);
    backend.list = [...LIST, { name: 'second', description: 'Added while the page was open' }];
    backend.tag = '"def.br"';
    stream.send('tools-changed', { etag: '"def"' });
    await waitUntil(() => names(el).length === 2, 'the new list is shown');
    expect(calls.length).to.equal(3);
    expect(header(calls[2], 'If-None-Match')).to.equal('"abc.br"');
    expect(header(calls[2], 'Accept')).to.equal('application/json');
    expect(names(el)).to.deep.equal(['first', 'second']);
    expect(el.shadowRoot!.querySelector('.intro')?.textContent).to.contain('This server offers 2 tools');
    // The next change is asked about with the tag of the list now shown.
    stream.send('tools-changed', { etag: '"def"' });
    await waitUntil(() => calls.length === 4, 'asked again');
    expect(header(calls[3], 'If-None-Match')).to.equal('"def.br"');
  });

  it('should keep the list it shows when the server answers 304 (the list has not changed)', async () => {
    const { el, stream, calls } = await open();
    stream.send('tools-changed', { etag: '"abc"' });
    await waitUntil(() => calls.length === 3, 'the list is asked for');
    stream.send('log', { level: 'info', data: 'after the check' });
    await waitUntil(() => serverLog(el), 'later events still arrive');
    expect(names(el)).to.deep.equal(['first']);
  });

  it('should show the list a backend pushes whole in a tools event', async () => {
    const { el, stream } = await open();
    stream.send('tools', [...LIST, { name: 'second', description: 'Added while the page was open' }]);
    await waitUntil(() => names(el).length === 2, 'the pushed list is shown');
    expect(names(el)).to.deep.equal(['first', 'second']);
  });

  it("should show the server's log messages in the server log, as text", async () => {
    const { el, stream } = await open();
    expect(serverLog(el), 'no server log before the first line').to.equal(null);
    stream.send('log', { level: 'warning', logger: 'disk', data: '<img src=x onerror=alert(1)> nearly full' });
    await waitUntil(() => serverLog(el), 'the server log appears');
    expect(serverLog(el)!.querySelector('summary')!.textContent).to.equal('Server log (1 line)');
    const line = serverLog(el)!.querySelector('li')!;
    expect(line.querySelector('.level')!.textContent).to.equal('warning');
    expect(line.querySelector('.logger')!.textContent).to.equal('disk');
    expect(line.querySelector('.data')!.textContent).to.equal('<img src=x onerror=alert(1)> nearly full');
    expect(line.querySelector('img')).to.equal(null);
    await expect(el).shadowDom.to.be.accessible();
  });

  it(`should keep the latest ${MAX_SERVER_LOG_LINES} server log lines and say how many went before`, async () => {
    const { el, stream } = await open();
    for (let n = 1; n <= MAX_SERVER_LOG_LINES + 20; n++) stream.send('log', { level: 'info', data: `line ${n}` });
    await waitUntil(() => serverLog(el)?.textContent?.includes(`line ${MAX_SERVER_LOG_LINES + 20}`), 'all arrived');
    const lines = serverLog(el)!.querySelectorAll('li');
    expect(lines.length).to.equal(MAX_SERVER_LOG_LINES);
    expect(lines[0].querySelector('.data')!.textContent).to.equal('line 21');
    expect(serverLog(el)!.querySelector('.dropped')!.textContent).to.contain('The 20 earliest lines are not kept');
  });

  it('should let the stream go when the console leaves the page', async () => {
    const { el, stream } = await open();
    el.remove();
    await stream.cancelled;
  });

  it('should keep the loaded list when the backend cannot stream it', async () => {
    const { el, calls } = await open(false);
    expect(calls[1].url).to.equal(calls[0].url);
    expect(names(el)).to.deep.equal(['first']);
    expect(serverLog(el)).to.equal(null);
  });
});
