// <tool-console> following its backend's tool list: a list that changes replaces the one shown, server log messages
// that belong to no call appear in the server log, and the stream is let go when the console leaves the page.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console.js';
import { MAX_SERVER_LOG_LINES } from '../../elements/watch/tool-watch.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

const LIST = [{ name: 'first', description: 'The first tool' }];

function header(call: FetchCall, name: string): string | undefined {
  return (call.init?.headers as Record<string, string> | undefined)?.[name];
}

/** A console whose backend streams the tool list into `stream`, and answers the plain list with an ETag. */
async function open(streams = true): Promise<{ el: ToolConsole; stream: EventStreamAnswer; calls: FetchCall[] }> {
  const stream = eventStream();
  const { calls } = stubFetch((call) => {
    if (new URL(call.url).pathname !== '/api/tools') return json({ error: 'Not found' }, 404);
    if (streams && header(call, 'Accept') === 'text/event-stream') return stream.response;
    const answer = json(LIST);
    answer.headers.set('ETag', '"abc.br"');
    return answer;
  });
  history.replaceState(null, '', '#');
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  await waitUntil(() => calls.length === 2, 'the console follows the list once loaded');
  return { el, stream, calls };
}

const names = (el: ToolConsole) =>
  (el.shadowRoot!.querySelector('tool-list') as unknown as { tools: { name: string }[] }).tools.map((t) => t.name);
const serverLog = (el: ToolConsole) => el.shadowRoot!.querySelector('nav > .logs');

describe('<tool-console> following the tool list', () => {
  it('should ask for the list as a stream, naming the list it has, and show the list the server pushes', async () => {
    const { el, stream, calls } = await open();
    expect(header(calls[1], 'Accept')).to.equal('text/event-stream');
    expect(header(calls[1], 'If-None-Match')).to.equal('"abc.br"');
    expect(names(el)).to.deep.equal(['first']);
    stream.send('tools', [...LIST, { name: 'second', description: 'Added while the page was open' }]);
    await waitUntil(() => names(el).length === 2, 'the pushed list is shown');
    expect(names(el)).to.deep.equal(['first', 'second']);
    expect(el.shadowRoot!.querySelector('.intro')?.textContent).to.contain('This server offers 2 tools');
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
