// <server-switcher>, the page of a console serving many servers: the listing with every state, the hash that names
// the server shown (reload, back and forward), one frame per opened server kept while hidden, polling (fast while a
// server starts, slow otherwise, at once when the tab is visible again), the notice of a failed request, and the
// servers' own text shown as text. The frames load a fixture page that stands in for a server's console.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/server-switcher/server-switcher.js';
import type { ServerSwitcher } from '../../elements/server-switcher/server-switcher.js';
import type { ConfiguredServerSummary, ServerListing } from '../../protocol/index.js';
import { json, stubFetch, type FetchAnswer } from './fetch-stub.js';

const LISTING_URL = '/test/elements/fixtures/servers';
const FRAME = 'switcher-frame.html';
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

const server = (name: string, rest: Partial<ConfiguredServerSummary> = {}): ConfiguredServerSummary => ({
  name,
  path: `${FRAME}?${encodeURIComponent(name)}`,
  status: 'idle',
  target: `npx ${name}`,
  ...rest,
});

const FOUR: ServerListing = {
  configFile: '/home/dev/.cursor/mcp.json',
  servers: [
    server('everything', { status: 'ready', tools: 12, title: 'Everything Server', icons: [{ src: ICON }] }),
    server('memory', { status: 'connecting' }),
    server('weather', { status: 'idle' }),
    server('broken', {
      status: 'failed',
      diagnosis: {
        reason: 'command-not-found',
        sentence: 'The command "mcp-brokn" was not found: check its spelling.',
        evidence: {},
      },
    }),
  ],
};

/** A switcher over `answer` (the listing by default), the page's hash set to `hash` first. */
async function open(hash = '', answer: FetchAnswer = () => json(FOUR), attributes = { connecting: 60000 }) {
  const { calls } = stubFetch(answer);
  history.replaceState(null, '', hash || location.pathname + location.search);
  const el = await fixture<ServerSwitcher>(
    html`<server-switcher src=${LISTING_URL} connecting-interval=${attributes.connecting}></server-switcher>`,
  );
  await waitUntil(() => el.listing || notice(el), 'the listing is asked for');
  await el.updateComplete;
  return { el, calls };
}

afterEach(() => history.replaceState(null, '', location.pathname + location.search));

const root = (el: ServerSwitcher) => el.shadowRoot!;
const tabs = (el: ServerSwitcher) => [...root(el).querySelectorAll<HTMLButtonElement>('[role=tab]')];
const tab = (el: ServerSwitcher, name: string) =>
  tabs(el).find((button) => button.querySelector('.name')!.textContent!.trim() === name)!;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const frames = (el: ServerSwitcher) => [...root(el).querySelectorAll<HTMLIFrameElement>('iframe')];
const shownFrames = (el: ServerSwitcher) => frames(el).filter((frame) => frame.offsetParent !== null);
const notice = (el: ServerSwitcher) => text(root(el).querySelector('[part=notice]'));
const selected = (el: ServerSwitcher) => text(root(el).querySelector('[role=tab][aria-selected=true] .name'));

/** The frame's own document, once it has loaded. */
async function loaded(frame: HTMLIFrameElement): Promise<Document> {
  await waitUntil(() => frame.contentDocument?.getElementById('arguments'), `${frame.title} has loaded`);
  return frame.contentDocument!;
}

/** Clicks a server and waits for the page's hash to change to it. */
async function choose(el: ServerSwitcher, name: string) {
  const changed = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
  tab(el, name).click();
  await changed;
  await el.updateComplete;
}

describe('<server-switcher>', () => {
  it('should list every server with its icon, title and state in words, and a failed one with its explanation', async () => {
    const { el } = await open();
    expect(text(root(el).querySelector('h1'))).to.equal('MCP servers');
    expect(text(root(el).querySelector('.file'))).to.equal('/home/dev/.cursor/mcp.json');
    expect(tabs(el).map((button) => text(button))).to.deep.equal([
      'everything Everything Server Ready · 12 tools',
      'memory Connecting…',
      'weather Not started',
      'broken Failed The command "mcp-brokn" was not found: check its spelling.',
    ]);
    expect(tab(el, 'everything').querySelector('img')!.getAttribute('src')).to.equal(ICON);
    expect(tab(el, 'broken').querySelector('[part=diagnosis]')).to.exist;
  });

  it('should say "1 tool", and leave out a title that is the name', async () => {
    const listing = { configFile: 'mcp.json', servers: [server('one', { status: 'ready', tools: 1, title: 'one' })] };
    const { el } = await open('', () => json(listing));
    expect(text(tabs(el)[0])).to.equal('one Ready · 1 tool');
  });

  it('should open the first server without a hash, in a frame titled after it', async () => {
    const { el } = await open();
    expect(selected(el)).to.equal('everything');
    expect(frames(el).map((frame) => frame.title)).to.deep.equal(['everything console']);
    expect(frames(el)[0].src).to.equal(new URL(`${FRAME}?everything`, new URL(LISTING_URL, location.href)).href);
    const panel = frames(el)[0].parentElement!;
    expect(panel.getAttribute('role')).to.equal('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).to.equal(tab(el, 'everything').id);
    expect(tab(el, 'everything').getAttribute('aria-controls')).to.equal(panel.id);
    await loaded(frames(el)[0]);
  });

  it('should open the server the hash names, percent-encoded, as after a reload', async () => {
    const listing = { configFile: 'mcp.json', servers: [server('a'), server('my server/β')] };
    const { el } = await open(`#server=${encodeURIComponent('my server/β')}`, () => json(listing));
    expect(selected(el)).to.equal('my server/β');
    expect(frames(el).map((frame) => frame.title)).to.deep.equal(['my server/β console']);
  });

  it('should say so when the hash names no server, and frame none', async () => {
    const { el } = await open('#server=gone');
    expect(text(root(el).querySelector('.empty'))).to.equal(
      'No server named “gone” in /home/dev/.cursor/mcp.json. Pick one from the list.',
    );
    expect(frames(el)).to.have.length(0);
    expect(selected(el)).to.equal(undefined);
  });

  it('should keep each frame, with what was typed in it, when switching, and put the server in the hash', async () => {
    const { el } = await open();
    const first = frames(el)[0];
    const typed = (await loaded(first)).getElementById('arguments') as HTMLInputElement;
    typed.value = '{"query": "kept"}';
    const firstWindow = first.contentWindow;

    await choose(el, 'weather');
    expect(location.hash).to.equal('#server=weather');
    expect(selected(el)).to.equal('weather');
    expect(frames(el).map((frame) => frame.title)).to.deep.equal(['everything console', 'weather console']);
    expect(shownFrames(el).map((frame) => frame.title)).to.deep.equal(['weather console']);
    await loaded(frames(el)[1]);

    await choose(el, 'everything');
    expect(shownFrames(el).map((frame) => frame.title)).to.deep.equal(['everything console']);
    expect(frames(el)[0]).to.equal(first);
    expect(first.contentWindow).to.equal(firstWindow);
    expect((first.contentDocument!.getElementById('arguments') as HTMLInputElement).value).to.equal(
      '{"query": "kept"}',
    );
  });

  it('should follow back and forward', async () => {
    const { el } = await open();
    await choose(el, 'memory');
    await choose(el, 'broken');
    const traverse = async (go: () => void) => {
      const arrived = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
      go();
      await arrived;
      await el.updateComplete;
    };
    await traverse(() => history.back());
    expect(selected(el)).to.equal('memory');
    expect(shownFrames(el).map((frame) => frame.title)).to.deep.equal(['memory console']);
    await traverse(() => history.forward());
    expect(selected(el)).to.equal('broken');
    expect(frames(el)).to.have.length(3);
  });

  it('should move along the list with the arrow keys, Home and End, and open with Enter', async () => {
    const { el } = await open();
    const key = (key: string) =>
      root(el).activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
    expect(tabs(el).map((button) => button.tabIndex)).to.deep.equal([0, -1, -1, -1]);
    tab(el, 'everything').focus();
    key('ArrowDown');
    key('ArrowDown');
    await el.updateComplete;
    expect(text(root(el).activeElement!.querySelector('.name'))).to.equal('weather');
    expect(tabs(el).map((button) => button.tabIndex)).to.deep.equal([-1, -1, 0, -1]);
    key('End');
    expect(text(root(el).activeElement!.querySelector('.name'))).to.equal('broken');
    key('ArrowDown');
    expect(text(root(el).activeElement!.querySelector('.name'))).to.equal('everything');
    key('ArrowUp');
    key('ArrowUp');
    expect(text(root(el).activeElement!.querySelector('.name'))).to.equal('weather');
    // Moving does not open (each server opened starts it): Enter, a click on the focused tab, does.
    expect(selected(el)).to.equal('everything');
    const changed = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
    (root(el).activeElement as HTMLButtonElement).click();
    await changed;
    await el.updateComplete;
    expect(selected(el)).to.equal('weather');
  });

  it('should ask again every connecting-interval while a server is connecting, until it is ready', async () => {
    let answers = 0;
    const { el, calls } = await open(
      '#server=memory',
      () => {
        answers += 1;
        const status = answers < 3 ? 'connecting' : 'ready';
        return json({ configFile: 'mcp.json', servers: [server('memory', { status, tools: 5 })] });
      },
      { connecting: 20 },
    );
    await waitUntil(() => text(tabs(el)[0]) === 'memory Ready · 5 tools', 'the server is shown ready');
    expect(calls.map((call) => new URL(call.url).pathname)).to.deep.equal(new Array(3).fill(LISTING_URL));
  });

  it('should wait idle-interval once no server is starting, and connecting-interval right after one is opened', async () => {
    const delays: number[] = [];
    const realSetTimeout = window.setTimeout;
    const spy = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (delay === 987 || delay === 65432) delays.push(delay);
      return realSetTimeout(handler, delay, ...rest);
    }) as typeof setTimeout;
    window.setTimeout = spy;
    try {
      const listing = { configFile: 'mcp.json', servers: [server('ready', { status: 'ready' }), server('idle')] };
      stubFetch(() => json(listing));
      history.replaceState(null, '', '#server=ready');
      const el = await fixture<ServerSwitcher>(
        html`<server-switcher src=${LISTING_URL} connecting-interval="987" idle-interval="65432"></server-switcher>`,
      );
      await waitUntil(() => delays.length, 'the next request is scheduled');
      // The shown server is ready and none is starting: the slow pace.
      expect(delays).to.deep.equal([65432]);
      await choose(el, 'idle');
      // Opening an idle server starts it: the fast pace, to see it connect.
      expect(delays).to.deep.equal([65432, 987]);
    } finally {
      window.setTimeout = realSetTimeout;
    }
  });

  it('should ask again at once when the tab becomes visible', async () => {
    const { el, calls } = await open();
    await el.updateComplete;
    const before = calls.length;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitUntil(() => calls.length === before + 1, 'the listing is asked for again');
  });

  it('should keep the last listing and say in one line why a request failed', async () => {
    let failure: 'status' | 'network' | undefined;
    const { el } = await open('', () => {
      if (failure === 'status') return json({ error: 'The listing broke.' }, 500);
      if (failure === 'network') throw new TypeError('Failed to fetch');
      return json(FOUR);
    });
    expect(notice(el)).to.equal(undefined);
    failure = 'status';
    await el.refresh();
    expect(notice(el)).to.equal(
      'Could not refresh the servers: the console answered 500: The listing broke. Showing the last list.',
    );
    expect(tabs(el)).to.have.length(4);
    expect(frames(el)).to.have.length(1);
    failure = 'network';
    await el.refresh();
    expect(notice(el)).to.equal('Could not refresh the servers: the console did not answer. Showing the last list.');
    failure = undefined;
    await el.refresh();
    expect(notice(el)).to.equal(undefined);
  });

  it('should say why when the first listing does not come, or is not a listing', async () => {
    const { el } = await open('', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(notice(el)).to.equal('Could not load the servers: the console did not answer.');
    expect(tabs(el)).to.have.length(0);
    const other = await open('', () => json({ tools: [] }));
    expect(notice(other.el)).to.equal('Could not load the servers: its answer is not a list of servers.');
  });

  it("should show the servers' and the file's text as text, and frame no path off this site", async () => {
    const hostile = '<img src=x onerror="window.pwned=1">';
    const listing = {
      configFile: '<b>file</b>',
      servers: [
        server(hostile, {
          status: 'failed',
          title: '<i>title</i>',
          diagnosis: { reason: 'other', sentence: '<script>window.pwned=1</script>', evidence: {} },
        }),
        server('elsewhere', { path: 'javascript:window.pwned=1' }),
        server('other-site', { path: 'https://attacker.example/' }),
      ],
    };
    const { el } = await open('', () => json(listing));
    expect(text(tabs(el)[0])).to.equal(`${hostile} <i>title</i> Failed <script>window.pwned=1</script>`);
    expect(text(root(el).querySelector('.file'))).to.equal('<b>file</b>');
    expect(root(el).querySelectorAll('b, i, script, img')).to.have.length(0);
    expect(frames(el).map((frame) => frame.title)).to.deep.equal([`${hostile} console`]);
    for (const name of ['elsewhere', 'other-site']) {
      await choose(el, name);
      expect(text(root(el).querySelector('.empty'))).to.match(/is not on this site .* so it is not shown\.$/);
    }
    expect(frames(el)).to.have.length(1);
    expect((window as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('should be accessible', async () => {
    const { el } = await open();
    await expect(el).to.be.accessible();
  });
});
