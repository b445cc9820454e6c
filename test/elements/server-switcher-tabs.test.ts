// <server-switcher> as a tab list: the parts and ARIA states of each server, which frame each tab controls and which
// tab labels each frame (also once a server has left the listing), the roving Tab stop, the keys (arrows both ways
// with wrap, others left to the page), what the main area says or does not, a hash that cannot be read, and the
// Authorize line for an https address or one that is no address at all.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/server-switcher/server-switcher.js';
import type { ServerSwitcher } from '../../elements/server-switcher/server-switcher.js';
import type { ConfiguredServerSummary, ServerListing } from '../../protocol/index.js';
import { json, stubFetch, type FetchAnswer } from './fetch-stub.js';

const LISTING_URL = '/test/elements/fixtures/servers';

const server = (name: string, rest: Partial<ConfiguredServerSummary> = {}): ConfiguredServerSummary => ({
  name,
  path: `switcher-frame.html?${encodeURIComponent(name)}`,
  status: 'ready',
  target: `npx ${name}`,
  ...rest,
});

const THREE: ServerListing = { configFile: 'mcp.json', servers: [server('alpha'), server('beta'), server('gamma')] };

async function open(hash = '', answer: FetchAnswer = () => json(THREE)) {
  const { calls } = stubFetch(answer);
  history.replaceState(null, '', hash || location.pathname + location.search);
  const el = await fixture<ServerSwitcher>(
    html`<server-switcher src=${LISTING_URL} connecting-interval="60000" idle-interval="60000"></server-switcher>`,
  );
  await waitUntil(() => el.listing, 'the listing comes in');
  await el.updateComplete;
  return { el, calls };
}

afterEach(() => history.replaceState(null, '', location.pathname + location.search));

const root = (el: ServerSwitcher) => el.shadowRoot!;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const tabs = (el: ServerSwitcher) => [...root(el).querySelectorAll<HTMLButtonElement>('[role=tab]')];
const panels = (el: ServerSwitcher) => [...root(el).querySelectorAll<HTMLElement>('[role=tabpanel]')];
const attribute = (name: string) => (node: Element) => node.getAttribute(name);
const focused = (el: ServerSwitcher) => text(root(el).activeElement?.querySelector('.name'));
const empty = (el: ServerSwitcher) => text(root(el).querySelector('.empty'));

/** Clicks a server and waits for the page's hash to change to it. */
async function choose(el: ServerSwitcher, index: number) {
  const changed = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
  tabs(el)[index].click();
  await changed;
  await el.updateComplete;
}

/** Presses `key` on `target`; true when the page's own handling of the key was left alone. */
const press = (target: Element, key: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));

describe('<server-switcher> as a tab list', () => {
  it('should mark the shown server, and tie each opened one to its frame both ways', async () => {
    const { el } = await open();
    await choose(el, 2);
    expect(tabs(el).map(attribute('part'))).to.deep.equal(['server', 'server', 'server selected']);
    expect(tabs(el).map(attribute('aria-selected'))).to.deep.equal(['false', 'false', 'true']);
    expect(tabs(el).map(attribute('tabindex'))).to.deep.equal(['-1', '-1', '0']);
    expect(tabs(el).map(attribute('aria-controls'))).to.deep.equal(['frame-0', null, 'frame-1']);
    expect(panels(el).map(attribute('id'))).to.deep.equal(['frame-0', 'frame-1']);
    expect(panels(el).map(attribute('aria-labelledby'))).to.deep.equal([tabs(el)[0].id, tabs(el)[2].id]);
    expect(panels(el).map((panel) => panel.hidden)).to.deep.equal([true, false]);
    expect(empty(el), 'nothing said over a console').to.equal(undefined);
  });

  it('should keep the frame of a server that left the listing, hidden and labelled by no tab', async () => {
    let listing = THREE;
    const { el } = await open('#server=beta', () => json(listing));
    listing = { configFile: '', servers: [server('alpha'), server('gamma')] };
    await el.refresh();
    expect(panels(el).map(attribute('aria-labelledby'))).to.deep.equal([null]);
    expect(panels(el).map((panel) => panel.hidden)).to.deep.equal([true]);
    expect(empty(el)).to.equal('No server named “beta” in this console. Pick one from the list.');
    // Another server can still be opened from there.
    await choose(el, 1);
    expect(location.hash).to.equal('#server=gamma');
    expect(panels(el).map((panel) => panel.hidden)).to.deep.equal([true, false]);
  });

  it('should move the Tab stop to a server focused by a click or the pointer, not only by the keys', async () => {
    const { el } = await open();
    tabs(el)[1].focus();
    await el.updateComplete;
    expect(tabs(el).map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
  });

  it('should wrap with the right and left arrows, go up by one, and leave other keys to the page', async () => {
    const { el } = await open();
    tabs(el)[2].focus();
    expect(press(tabs(el)[2], 'ArrowRight'), 'the page does not scroll').to.equal(false);
    expect(focused(el)).to.equal('alpha');
    press(tabs(el)[0], 'ArrowLeft');
    expect(focused(el)).to.equal('gamma');
    press(tabs(el)[2], 'ArrowLeft');
    press(tabs(el)[1], 'ArrowUp');
    expect(focused(el)).to.equal('alpha');
    press(tabs(el)[0], 'ArrowRight');
    expect(focused(el)).to.equal('beta');
    expect(press(tabs(el)[1], 'a'), 'a key the list does not use').to.equal(true);
    expect(focused(el)).to.equal('beta');
    // A key pressed on the list itself, not on a server, moves nothing.
    expect(press(root(el).querySelector('[role=tablist]')!, 'ArrowDown')).to.equal(true);
    expect(focused(el)).to.equal('beta');
  });

  it('should leave the URL as it is when the shown server is clicked under a hash that names it', async () => {
    const { el } = await open('#server=%61lpha');
    expect(text(root(el).querySelector('[aria-selected=true] .name'))).to.equal('alpha');
    tabs(el)[0].click();
    await el.updateComplete;
    expect(location.hash).to.equal('#server=%61lpha');
  });

  it('should show the first server when the hash is not readable percent-encoding', async () => {
    const { el } = await open('#server=%E0%A4%A');
    expect(text(root(el).querySelector('[aria-selected=true] .name'))).to.equal('alpha');
    expect(empty(el)).to.equal(undefined);
  });

  it('should link an https authorization, and show one that is no address as text', async () => {
    const listing = {
      configFile: 'mcp.json',
      servers: [
        server('secure', { authorization: { url: 'https://auth.example/authorize' } }),
        server('odd', { authorization: { url: 'not an address' } }),
      ],
    };
    const { el } = await open('', () => json(listing));
    const line = () => root(el).querySelector('[part=authorization]');
    expect(line()!.querySelector('a')!.getAttribute('href')).to.equal('https://auth.example/authorize');
    await choose(el, 1);
    expect(line()!.querySelectorAll('a').length, 'no link').to.equal(0);
    expect(text(line())).to.equal(
      'odd needs you to authorize it before the console can reach it. Open not an address to authorize.',
    );
  });
});

describe('<server-switcher> put back in the page', () => {
  it('should show the server the hash names now, not the one it named when the switcher was taken out', async () => {
    const { el } = await open('#server=alpha');
    const parent = el.parentNode!;
    el.remove();
    const changed = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
    location.hash = '#server=gamma';
    await changed;
    parent.appendChild(el);
    await el.updateComplete;
    expect(text(root(el).querySelector('[aria-selected=true] .name'))).to.equal('gamma');
  });
});
