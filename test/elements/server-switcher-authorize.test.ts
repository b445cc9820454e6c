// <server-switcher> with a server waiting for the user to authorize it (OAuth, `authorization.url` in the listing):
// the list says "Needs authorization", the shown server gets an Authorize link that opens in a new tab (only an
// http(s) URL becomes one), and the listing is asked for at the fast pace until the user has authorized.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/server-switcher/server-switcher.js';
import type { ServerSwitcher } from '../../elements/server-switcher/server-switcher.js';
import type { ConfiguredServerSummary, ServerListing } from '../../protocol/index.js';
import { json, stubFetch, type FetchAnswer } from './fetch-stub.js';

const LISTING_URL = '/test/elements/fixtures/servers';
const AUTHORIZE_AT = 'https://auth.example/authorize?client_id=tool-console&state=s1&redirect_uri=x';

const server = (name: string, rest: Partial<ConfiguredServerSummary> = {}): ConfiguredServerSummary => ({
  name,
  path: `switcher-frame.html?${encodeURIComponent(name)}`,
  status: 'connecting',
  target: `https://${name}.example/mcp`,
  ...rest,
});

const WAITING: ServerListing = {
  configFile: 'mcp.json',
  servers: [
    server('notion', { authorization: { url: AUTHORIZE_AT } }),
    server('evil', { authorization: { url: 'javascript:alert(document.domain)' } }),
    server('everything', { status: 'ready', tools: 3 }),
  ],
};

async function open(hash: string, answer: FetchAnswer = () => json(WAITING), connecting = 60000, idle = 60000) {
  const { calls } = stubFetch(answer);
  history.replaceState(null, '', hash);
  const el = await fixture<ServerSwitcher>(
    html`<server-switcher
      src=${LISTING_URL}
      connecting-interval=${connecting}
      idle-interval=${idle}
    ></server-switcher>`,
  );
  await waitUntil(() => el.listing, 'the listing is asked for');
  await el.updateComplete;
  return { el, calls };
}

afterEach(() => history.replaceState(null, '', location.pathname + location.search));

const root = (el: ServerSwitcher) => el.shadowRoot!;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const tab = (el: ServerSwitcher, name: string) =>
  [...root(el).querySelectorAll('[role=tab]')].find((button) => text(button.querySelector('.name')) === name)!;
const authorization = (el: ServerSwitcher) => root(el).querySelector('[part=authorization]');

describe('<server-switcher> with a server waiting for authorization', () => {
  it('should say "Needs authorization" in the list and link to the authorization, in a new tab', async () => {
    const { el } = await open('#server=notion');
    expect(text(tab(el, 'notion').querySelector('[part=status]'))).to.equal('Needs authorization');
    expect(text(tab(el, 'everything').querySelector('[part=status]'))).to.equal('Ready · 3 tools');
    const link = authorization(el)?.querySelector('a');
    expect(link, 'an Authorize link').to.exist;
    expect(text(link)).to.equal('Authorize');
    expect(link!.href).to.equal(AUTHORIZE_AT);
    expect(link!.target).to.equal('_blank');
    expect(link!.rel).to.equal('noopener noreferrer');
    expect(text(authorization(el))).to.match(/notion needs you to authorize/);
    await expect(el).to.be.accessible();
  });

  it('should show a URL that is not http(s) as text, never as a link', async () => {
    const { el } = await open('#server=evil');
    expect(text(tab(el, 'evil').querySelector('[part=status]'))).to.equal('Needs authorization');
    expect(authorization(el)?.querySelector('a')).to.equal(null);
    expect(root(el).querySelector('a[href^="javascript:"]')).to.equal(null);
    expect(text(authorization(el))).to.include('javascript:alert(document.domain)');
  });

  it('should show no authorization for a server that does not wait for one', async () => {
    const { el } = await open('#server=everything');
    expect(authorization(el)).to.equal(null);
  });

  it('should ask at the fast pace while a ready server waits for authorization (a step-up), until it is done', async () => {
    let answers = 0;
    const { el, calls } = await open(
      '#server=notion',
      () => {
        answers += 1;
        const waiting = answers < 3 ? { authorization: { url: AUTHORIZE_AT } } : {};
        return json({ configFile: 'mcp.json', servers: [server('notion', { status: 'ready', tools: 2, ...waiting })] });
      },
      20,
    );
    await waitUntil(() => text(tab(el, 'notion').querySelector('[part=status]')) === 'Ready · 2 tools', 'authorized');
    expect(calls.length).to.equal(3);
    expect(authorization(el)).to.equal(null);
  });
});
