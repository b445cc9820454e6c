// <server-switcher> reading `GET servers`: entries that are not servers are dropped and the rest kept field by field
// (what the list shows and what `listing` hands an embedding page), the request it sends, the one-line notice for
// each kind of failed answer, the pace after a failure, and a tab that is hidden or an element that was taken out of
// the page asking nothing and keeping nothing of an answer that came too late.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/server-switcher/server-switcher.js';
import type { ServerSwitcher } from '../../elements/server-switcher/server-switcher.js';
import { json, stubFetch, type FetchAnswer } from './fetch-stub.js';

const LISTING_URL = '/test/elements/fixtures/servers';
const PATH = 'switcher-frame.html';
const DIAGNOSIS = { reason: 'other', sentence: 'It stopped.', evidence: {} };

/** A switcher over `answer`, with the given pace (the default: no second request during a test). */
async function open(answer: FetchAnswer, connecting = 60000, idle = 60000) {
  const { calls } = stubFetch(answer);
  const el = await fixture<ServerSwitcher>(
    html`<server-switcher
      src=${LISTING_URL}
      connecting-interval=${connecting}
      idle-interval=${idle}
    ></server-switcher>`,
  );
  await waitUntil(() => el.listing || notice(el), 'the listing is asked for');
  await el.updateComplete;
  return { el, calls };
}

afterEach(() => history.replaceState(null, '', location.pathname + location.search));

const root = (el: ServerSwitcher) => el.shadowRoot!;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const tabs = (el: ServerSwitcher) => [...root(el).querySelectorAll('[role=tab]')].map((tab) => text(tab));
const notice = (el: ServerSwitcher) => text(root(el).querySelector('[part=notice]'));

describe('<server-switcher> reading the listing', () => {
  it('should drop every entry without an object, a text name, a text path or a known status', async () => {
    const kept = { name: 'kept', path: PATH, status: 'idle', target: 'npx kept' };
    const { el } = await open(() =>
      json({
        configFile: 'mcp.json',
        servers: [
          null,
          'kept',
          { path: PATH, status: 'idle' },
          { name: 7, path: PATH, status: 'idle' },
          { name: 'no-path', status: 'idle' },
          { name: 'number-path', path: 7, status: 'idle' },
          { name: 'no-status', path: PATH },
          { name: 'odd-status', path: PATH, status: 'sleeping' },
          kept,
        ],
      }),
    );
    expect(tabs(el)).to.deep.equal(['kept Not started']);
    expect(el.listing).to.deep.equal({ configFile: 'mcp.json', servers: [kept] });
  });

  it('should keep each field of the right kind and leave out the others', async () => {
    const icons = [{ src: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E' }];
    const authorization = { url: 'https://auth.example/authorize' };
    const { el } = await open(() =>
      json({
        configFile: 42,
        servers: [
          {
            name: 'full',
            path: PATH,
            status: 'failed',
            target: 'npx full',
            title: 'Full',
            icons,
            diagnosis: DIAGNOSIS,
          },
          { name: 'none', path: PATH, status: 'ready', title: 7, icons: {}, tools: 1.5, diagnosis: { reason: 'x' } },
          { name: 'zero', path: PATH, status: 'ready', target: 9, tools: 0, authorization },
          { name: 'negative', path: PATH, status: 'ready', tools: -1, authorization: { url: 5 } },
          { name: 'text-count', path: PATH, status: 'ready', tools: '3', authorization: 'https://auth.example/' },
        ],
      }),
    );
    expect(el.listing).to.deep.equal({
      configFile: '',
      servers: [
        { name: 'full', path: PATH, status: 'failed', target: 'npx full', title: 'Full', icons, diagnosis: DIAGNOSIS },
        { name: 'none', path: PATH, status: 'ready', target: '' },
        { name: 'zero', path: PATH, status: 'ready', target: '', tools: 0, authorization },
        { name: 'negative', path: PATH, status: 'ready', target: '' },
        { name: 'text-count', path: PATH, status: 'ready', target: '' },
      ],
    });
    expect(tabs(el)).to.deep.equal([
      'full Full Failed It stopped.',
      'none Ready',
      'zero Needs authorization',
      'negative Ready',
      'text-count Ready',
    ]);
    // No config file named: nothing is shown for it.
    expect(root(el).querySelectorAll('.file').length).to.equal(0);
  });

  it("should show a diagnosis only under a failed server, and a failed server's state alone without one", async () => {
    const { el } = await open(() =>
      json({
        configFile: 'mcp.json',
        servers: [
          { name: 'recovered', path: PATH, status: 'ready', tools: 2, diagnosis: DIAGNOSIS },
          { name: 'silent', path: PATH, status: 'failed' },
        ],
      }),
    );
    expect(tabs(el)).to.deep.equal(['recovered Ready · 2 tools', 'silent Failed']);
    expect(root(el).querySelectorAll('[part=diagnosis]')).to.have.length(0);
  });

  it('should ask for JSON at the page-relative "servers" when no src is set', async () => {
    const { calls } = stubFetch(() => json({ configFile: 'mcp.json', servers: [] }));
    const el = await fixture<ServerSwitcher>(html`<server-switcher idle-interval="60000"></server-switcher>`);
    await waitUntil(() => el.listing, 'the listing comes in');
    expect(calls.map((call) => call.url)).to.deep.equal([new URL('servers', document.baseURI).href]);
    expect(new Headers(calls[0].init?.headers).get('Accept')).to.equal('application/json');
    expect(calls[0].signal, 'the request can be cancelled').to.be.instanceOf(AbortSignal);
    await el.updateComplete;
    expect(text(root(el).querySelector('.empty'))).to.equal('This console serves no servers.');
  });

  it('should name the status and the reason, the status text when the body has no error, or the status alone', async () => {
    let answer = () => new Response('not json', { status: 503, statusText: 'Service Unavailable' });
    const { el } = await open(() => answer());
    expect(notice(el)).to.equal('Could not load the servers: the console answered 503: Service Unavailable');
    answer = () =>
      new Response(JSON.stringify({ message: 'no error field' }), { status: 502, statusText: 'Bad Gateway' });
    await el.refresh();
    expect(notice(el)).to.equal('Could not load the servers: the console answered 502: Bad Gateway');
    answer = () => new Response('', { status: 500 });
    await el.refresh();
    expect(notice(el)).to.equal('Could not load the servers: the console answered 500.');
  });

  it('should ask again at the fast pace while no listing has come in', async () => {
    let answers = 0;
    const { el, calls } = await open(
      () => {
        answers += 1;
        return answers === 1 ? json({}, 500) : json({ configFile: 'mcp.json', servers: [] });
      },
      20,
      60000,
    );
    await waitUntil(() => calls.length === 2 && el.listing, 'the listing is asked for again soon');
    await el.updateComplete;
    expect(notice(el)).to.equal(undefined);
  });
});

describe('<server-switcher> out of sight', () => {
  /** Makes the page report itself hidden until the end of the test. */
  function hide() {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  }
  afterEach(() => delete (document as { hidden?: boolean }).hidden);

  it('should not ask when the tab turns hidden, nor when the next request falls due while hidden', async () => {
    const fired: true[] = [];
    const realSetTimeout = window.setTimeout;
    // Records when each scheduled request falls due, so the test awaits that moment instead of sleeping.
    window.setTimeout = ((handler: () => void, delay?: number) =>
      realSetTimeout(() => {
        handler();
        if (delay === 20) fired.push(true);
      }, delay)) as typeof setTimeout;
    try {
      const { el, calls } = await open(() => json({ configFile: 'mcp.json', servers: [] }));
      hide();
      document.dispatchEvent(new Event('visibilitychange'));
      expect(calls).to.have.length(1);
      // Asked for on purpose while hidden, the listing comes; the next request falls due soon after, still hidden.
      el.idleInterval = 20;
      await el.refresh();
      expect(calls).to.have.length(2);
      await waitUntil(() => fired.length, 'the next request falls due');
      await el.updateComplete;
      expect(calls).to.have.length(2);
    } finally {
      window.setTimeout = realSetTimeout;
    }
  });

  it('should keep nothing of an answer that comes in after it was taken out of the page', async () => {
    const listing = { configFile: 'mcp.json', servers: [{ name: 'late', path: PATH, status: 'idle', target: '' }] };
    let parent: Node | undefined;
    let settled: Promise<void> | undefined;
    const held = new Promise<Response>(() => {});
    let answers = 0;
    stubFetch(() => {
      answers += 1;
      if (answers > 1) return held;
      const response = json(listing);
      // The element leaves the page while its answer's body is being read.
      response.json = async () => {
        const leaving = document.querySelector('server-switcher')!;
        parent = leaving.parentNode!;
        leaving.remove();
        // Joins the request under way: it settles once that request has read this answer.
        settled = leaving.refresh();
        return listing;
      };
      return response;
    });
    const el = await fixture<ServerSwitcher>(html`<server-switcher src=${LISTING_URL}></server-switcher>`);
    await waitUntil(() => settled !== undefined, 'the element is taken out');
    await settled;
    parent!.appendChild(el);
    await el.updateComplete;
    expect(el.listing).to.equal(undefined);
    expect(tabs(el)).to.deep.equal([]);
    expect(notice(el)).to.equal(undefined);
  });
});
