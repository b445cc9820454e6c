// <server-notifications>: the server's notifications in the order given (newest first), each a closed <details> whose
// one-line summary is the time, the method and a gist (a log message's level, logger and text; else its params as
// JSON), opening to the whole message; a text when there are none; the server's words as text only.
import { expect, fixture, html } from '@open-wc/testing';
import type { ProtocolEntry } from '../../protocol/index.js';
import '../../elements/server-notifications/server-notifications.js';
import type { ServerNotifications } from '../../elements/server-notifications/server-notifications.js';
import { $, $$, XSS, expectNoInjection } from './content.helpers.js';

// A fixed local time: the summary shows the local clock, so the expected text holds in any time zone.
const NOON = new Date(2026, 0, 2, 12, 3, 45, 120).getTime();

let seq = 0;
function notification(method: string | undefined, message: unknown, time = NOON): ProtocolEntry {
  return { seq: ++seq, time, direction: 'received', kind: 'notification', method, size: 10, message };
}

async function list(entries: ProtocolEntry[]): Promise<ServerNotifications> {
  return fixture<ServerNotifications>(html`<server-notifications .entries=${entries}></server-notifications>`);
}

const items = (el: ServerNotifications) => $$(el, '[part=notification]');
const summaries = (el: ServerNotifications) =>
  items(el).map((item) =>
    ['.time', '.method', '.text'].map((cell) => item.querySelector(`details > summary ${cell}`)!.textContent),
  );

describe('<server-notifications>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should say so when the server has sent no notifications', async () => {
    const el = await list([]);
    expect($(el, 'p.empty')!.textContent).to.equal('The server has sent no notifications yet.');
    expect($$(el, 'ol').length).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('should say so when given nothing at all', async () => {
    const el = await fixture<ServerNotifications>(html`<server-notifications></server-notifications>`);
    expect($(el, 'p.empty')!.textContent).to.equal('The server has sent no notifications yet.');
  });

  it('should list them in the order given, each with its time, method and gist', async () => {
    const el = await list([
      notification('notifications/progress', { params: { progressToken: 't', progress: 1, total: 2 } }, NOON + 1000),
      notification('notifications/tools/list_changed', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
      notification('notifications/resources/updated', { params: { uri: 'test://a' } }, NOON - 3_600_000),
    ]);
    expect($(el, 'ol')!.getAttribute('aria-label')).to.equal('Notifications');
    expect(summaries(el)).to.deep.equal([
      ['12:03:46', 'notifications/progress', '{"progressToken":"t","progress":1,"total":2}'],
      ['12:03:45', 'notifications/tools/list_changed', ''],
      ['11:03:45', 'notifications/resources/updated', '{"uri":"test://a"}'],
    ]);
    // One line each: the time, the method and the gist side by side, no list numbers.
    const [time, method, gist] = ['.time', '.method', '.text'].map((cell) =>
      items(el)[0].querySelector(cell)!.getBoundingClientRect(),
    );
    expect(time.right).to.be.at.most(method.left);
    expect(method.right).to.be.at.most(gist.left);
    expect([method.top, gist.top]).to.deep.equal([time.top, time.top]);
    expect(getComputedStyle(items(el)[0]).listStyleType).to.equal('none');
    await expect(el).to.be.accessible();
  });

  it("should give a log message's level, logger and text, leaving out what it lacks", async () => {
    const log = (params: unknown) => notification('notifications/message', { params });
    const el = await list([
      log({ level: 'warning', logger: 'disk', data: 'almost full' }),
      log({ level: 'info', data: { used: 91, unit: '%' } }),
      log({ level: 3, logger: 'odd', data: 'not a level' }),
      log({ level: 'debug', logger: 'quiet' }),
      log({ level: 'error', data: '' }),
      notification('notifications/message', { jsonrpc: '2.0' }),
      notification('notifications/other', { params: { level: 'info', data: 'x' } }),
      notification('notifications/message', null),
    ]);
    expect(summaries(el).map((summary) => summary[2])).to.deep.equal([
      'warning · disk · almost full',
      'info · {"used":91,"unit":"%"}',
      'odd · not a level',
      'debug · quiet',
      'error',
      '',
      '{"level":"info","data":"x"}',
      '',
    ]);
  });

  it('should open a notification to its whole message, folded', async () => {
    const message = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok-1' } };
    const el = await list([notification('notifications/progress', message)]);
    const details = items(el)[0].querySelector('details')!;
    expect(details.open).to.equal(false);
    details.querySelector('summary')!.click();
    await new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
    expect(details.open).to.equal(true);
    const tree = details.querySelector('.json-tree')!.textContent!.replace(/\s+/g, ' ');
    expect(tree).to.contain('progressToken: "tok-1"');
    expect(tree).to.contain('method: "notifications/progress"');
  });

  it("should show the server's words as text, never as markup", async () => {
    const el = await list([
      notification(XSS, { params: { note: XSS } }),
      notification('notifications/message', { params: { level: XSS, logger: XSS, data: XSS } }),
    ]);
    expect(summaries(el)[0][1]).to.equal(XSS);
    expect(summaries(el)[1][2]).to.equal(`${XSS} · ${XSS} · ${XSS}`);
    expectNoInjection(el);
  });
});
