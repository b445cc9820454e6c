// <tool-console> with a backend that offers resources and prompts: Tools | Resources | Prompts as tabs (only those
// offered), the lists loaded when a section is first opened (the resource list page by page), deep links with back and
// forward, and the watch stream's news: lists reloaded, an open resource read again.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { CatalogList } from '../../elements/catalog-list/catalog-list.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';

const TOOLS = [{ name: 'echo', description: 'Says it back' }];
const PAGE_SIZE = 1000;
const resourcesPage = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ uri: `file:///r/${from + i}.txt`, name: `r${from + i}` }));

interface Backend {
  resourcePages: number;
  /** Held answers of `GET /resources?cursor=…`, released by the test. */
  held: Map<string, () => void>;
  holdCursors: boolean;
  prompts: { name: string; description?: string; arguments?: unknown[] }[];
  templates: { uriTemplate: string; name: string }[];
}

const accept = (call: FetchCall) => (call.init?.headers as Record<string, string> | undefined)?.Accept;

/** A console in front of a backend offering `offers`; its watch stream is `stream`. */
async function open(offers: string | null, hash = '#', backend: Partial<Backend> = {}) {
  const stream = eventStream();
  const state: Backend = {
    resourcePages: 3,
    held: new Map(),
    holdCursors: false,
    prompts: [{ name: 'greet', description: 'Says **hello**' }],
    templates: [{ uriTemplate: 'file:///r/{n}.txt', name: 'numbered' }],
    ...backend,
  };
  const { calls } = stubFetch((call) => {
    const url = new URL(call.url);
    const path = url.pathname;
    if (path === '/api/tools') return accept(call) === 'text/event-stream' ? stream.response : json(TOOLS);
    if (path === '/api/resources') {
      const cursor = url.searchParams.get('cursor');
      const page = cursor === null ? 0 : Number(cursor);
      const body = {
        resources: resourcesPage(page * PAGE_SIZE, PAGE_SIZE),
        ...(page + 1 < state.resourcePages ? { nextCursor: String(page + 1) } : {}),
      };
      if (cursor !== null && state.holdCursors)
        return new Promise((resolve) => state.held.set(cursor, () => resolve(json(body))));
      return json(body);
    }
    if (path === '/api/resource-templates') return json({ resourceTemplates: state.templates });
    if (path === '/api/prompts') return json({ prompts: state.prompts });
    return json({ error: 'Not found' }, 404);
  });
  history.replaceState(null, '', hash);
  const el = await fixture<ToolConsole>(
    offers === null
      ? html`<tool-console src="/api/tools"></tool-console>`
      : html`<tool-console src="/api/tools" offers=${offers}></tool-console>`,
  );
  await el.updateComplete;
  // The tabs come with the sections' script, loaded at once for a backend that offers them.
  if (/resources|prompts/.test(offers ?? '')) await waitUntil(() => tabs(el).length, 'the tabs are shown');
  return { el, calls, stream, state };
}

const root = (el: ToolConsole) => el.shadowRoot!;
const tabs = (el: ToolConsole) => [...root(el).querySelectorAll<HTMLElement>('[role=tab]')];
const tabNames = (el: ToolConsole) => tabs(el).map((tab) => tab.textContent!.trim());
const openTab = (el: ToolConsole) => root(el).querySelector('[role=tab][aria-selected=true]')?.textContent?.trim();
const list = (el: ToolConsole) => root(el).querySelector<CatalogList>('catalog-list');
const count = (el: ToolConsole) => list(el)?.shadowRoot!.querySelector('[part=count]')?.textContent?.trim();
const labels = (el: ToolConsole) =>
  [...(list(el)?.shadowRoot!.querySelectorAll('[role=option] .name') ?? [])].map((name) => name.textContent!.trim());

async function clickTab(el: ToolConsole, name: string) {
  tabs(el)
    .find((tab) => tab.textContent!.trim() === name)!
    .click();
  await el.updateComplete;
}

async function shownList(el: ToolConsole, what: string) {
  await waitUntil(() => list(el)?.shadowRoot?.querySelector('[role=option]'), `the ${what} list is shown`);
  return list(el)!;
}

/**
 * Goes back or forward and waits for the browser to have arrived (its popstate): a view that is still on screen from
 * before proves nothing, and a tab clicked while the traversal is under way would rewrite the entry it leaves.
 */
function traverse(go: () => void, step: -1 | 1): Promise<void> {
  // Never leave the test's page: a traversal to another document would end the test file, not fail it.
  const nav = (window as unknown as { navigation: { currentEntry: { index: number }; entries(): { url: string }[] } })
    .navigation;
  const target = nav.entries()[nav.currentEntry.index + step];
  if (!target || new URL(target.url).pathname !== location.pathname) {
    return Promise.reject(
      new Error(
        `no entry ${step} of #${nav.currentEntry.index} in ${nav
          .entries()
          .map((entry) => new URL(entry.url).hash || '(none)')
          .join(' | ')}`,
      ),
    );
  }
  return new Promise((resolve) => {
    addEventListener('popstate', () => resolve(), { once: true });
    go();
  });
}

describe('<tool-console> sections', () => {
  it('should show no tabs for a backend that offers tools only', async () => {
    const { el } = await open(null);
    await waitUntil(() => root(el).querySelector('tool-list'), 'the tool list is shown');
    expect(root(el).querySelector('[role=tablist]')).to.equal(null);
    expect(root(el).querySelector('nav')!.getAttribute('aria-label')).to.equal('Tools');
  });

  it('should show a tab for each section offered, Tools first, as accessible ARIA tabs', async () => {
    const { el } = await open('prompts completions resources');
    expect(tabNames(el)).to.deep.equal(['Tools', 'Resources', 'Prompts']);
    expect(openTab(el)).to.equal('Tools');
    const tools = tabs(el)[0];
    expect(tools.getAttribute('tabindex')).to.equal('0');
    expect(tabs(el)[1].getAttribute('tabindex')).to.equal('-1');
    expect(root(el).querySelector('[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal('tab-tools');
    await waitUntil(() => root(el).querySelector('tool-list'), 'the tool list is shown');
    await expect(el).shadowDom.to.be.accessible();
    const { el: onlyPrompts } = await open('prompts');
    expect(tabNames(onlyPrompts)).to.deep.equal(['Tools', 'Prompts']);
  });

  it('should move between tabs with the arrow keys, Home and End, focusing and opening each', async () => {
    const { el } = await open('resources prompts');
    const tablist = root(el).querySelector('[role=tablist]')!;
    const press = async (key: string) => {
      tablist.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await el.updateComplete;
      await new Promise<void>((resolve) => queueMicrotask(resolve));
    };
    await press('ArrowRight');
    expect(openTab(el)).to.equal('Resources');
    expect(root(el).activeElement?.id).to.equal('tab-resources');
    await press('End');
    expect(openTab(el)).to.equal('Prompts');
    await press('ArrowRight');
    expect(openTab(el)).to.equal('Tools');
    await press('ArrowLeft');
    expect(openTab(el)).to.equal('Prompts');
    await press('Home');
    expect(openTab(el)).to.equal('Tools');
  });

  it('should load the resources only when the section opens, show the first page at once and the rest as it comes', async () => {
    const { el, calls, state } = await open('resources', '#', { holdCursors: true });
    await waitUntil(() => root(el).querySelector('tool-list'), 'the tool list is shown');
    expect(calls.some((call) => call.url.includes('/api/resources'))).to.equal(false);
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    expect(count(el)).to.equal('1,000 resources, 1 template, loading more…');
    expect(labels(el)[0]).to.equal('r0');
    await waitUntil(() => state.held.has('1'), 'the second page is asked for with the cursor');
    state.held.get('1')!();
    await waitUntil(() => state.held.has('2'), 'the third page is asked for with the next cursor');
    state.held.get('2')!();
    await waitUntil(() => count(el) === '3,000 resources, 1 template', 'every page is counted');
    expect(location.hash).to.equal('');
  });

  it('should show the prompt list, descriptions as words', async () => {
    const { el } = await open('resources prompts');
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    expect(labels(el)).to.deep.equal(['greet']);
    expect(list(el)!.shadowRoot!.querySelector('.sub')!.textContent!.trim()).to.equal('Says hello');
    expect(root(el).querySelector('main .intro h2')!.textContent).to.equal('Pick a prompt');
  });

  it('should open a resource picked in the list in the detail pane and write its link to the URL', async () => {
    const { el } = await open('resources subscriptions');
    await clickTab(el, 'Resources');
    const catalog = await shownList(el, 'resource');
    catalog.shadowRoot!.querySelectorAll<HTMLElement>('[role=option]')[1].click();
    await waitUntil(() => root(el).querySelector('resource-view'), 'the resource is shown');
    const view = root(el).querySelector('resource-view') as unknown as Record<string, unknown>;
    expect((view.resource as { uri: string }).uri).to.equal('file:///r/1.txt');
    expect(view.subscribable).to.equal(true);
    expect(location.hash).to.equal(`#resource=${encodeURIComponent('file:///r/1.txt')}`);
  });

  it('should open the resource, template or prompt a deep link names, and follow back and forward', async () => {
    const { el } = await open('resources prompts completions', `#template=${encodeURIComponent('file:///r/{n}.txt')}`);
    await waitUntil(() => root(el).querySelector('template-view'), 'the template is shown');
    expect(openTab(el)).to.equal('Resources');
    const template = root(el).querySelector('template-view') as unknown as Record<string, unknown>;
    expect(template.template).to.deep.equal({ uriTemplate: 'file:///r/{n}.txt', name: 'numbered' });
    expect(template.completions).to.equal(true);
    await shownList(el, 'resource');
    expect(list(el)!.selected).to.equal('template=file:///r/{n}.txt');

    // Picking is a new history entry: back returns to the template, forward to what was picked.
    list(el)!.shadowRoot!.querySelector<HTMLElement>('[role=option]')!.click();
    await waitUntil(() => root(el).querySelector('resource-view'), 'the picked resource is shown');
    expect(location.hash).to.equal(`#resource=${encodeURIComponent('file:///r/0.txt')}`);
    await traverse(() => history.back(), -1);
    await waitUntil(() => root(el).querySelector('template-view'), 'back at the template');
    await traverse(() => history.forward(), 1);
    await waitUntil(() => root(el).querySelector('resource-view'), 'forward to the resource');

    // A tab is not a page: switching rewrites the entry in place, and back from a prompt picked there returns to the
    // tab as it was, nothing picked. (How many entries there are is not checked: the runner reuses one page for every
    // test file, and Chrome keeps at most 50 entries, dropping the oldest, so counts stop growing at the cap.)
    await clickTab(el, 'Prompts');
    expect(location.hash).to.equal('');
    const prompts = await shownList(el, 'prompt');
    prompts.shadowRoot!.querySelector<HTMLElement>('[role=option]')!.click();
    await waitUntil(() => root(el).querySelector('prompt-view'), 'the prompt is shown');
    expect(location.hash).to.equal('#prompt=greet');
    await traverse(() => history.back(), -1);
    await waitUntil(() => root(el).querySelector('main .intro'), 'back at the Prompts tab, nothing picked');
    expect(openTab(el)).to.equal('Prompts');
  });

  it('should open a resource link even before the list has it, and say when a linked prompt does not exist', async () => {
    const { el } = await open('resources prompts', `#resource=${encodeURIComponent('mem://not/listed')}`);
    await waitUntil(() => root(el).querySelector('resource-view'), 'the resource is shown');
    const view = root(el).querySelector('resource-view') as unknown as { resource: unknown };
    expect(view.resource).to.deep.equal({ uri: 'mem://not/listed', name: 'mem://not/listed' });
    location.hash = '#prompt=missing';
    await waitUntil(() => root(el).querySelector('main [role=alert]'), 'the missing prompt is said');
    expect(root(el).querySelector('main [role=alert]')!.textContent!.trim()).to.equal(
      'No prompt named “missing” on this server.',
    );
  });

  it('should ignore a link to a section the backend does not offer', async () => {
    const { el } = await open(null, '#prompt=greet');
    await waitUntil(() => root(el).querySelector('tool-list'), 'the tool list is shown');
    expect(root(el).querySelector('prompt-view, catalog-list')).to.equal(null);
  });

  it('should load the lists again when the server says they changed', async () => {
    const { el, stream, state } = await open('resources prompts', '#', { resourcePages: 1 });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await waitUntil(() => (el as unknown as { watch: { abort?: unknown } }).watch.abort, 'the console follows');
    state.prompts = [...state.prompts, { name: '<img src=x onerror=alert(1)>' }];
    stream.send('prompts-changed', {});
    await waitUntil(() => labels(el).length === 2, 'the new prompt list is shown');
    expect(labels(el)).to.deep.equal(['greet', '<img src=x onerror=alert(1)>']);
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    state.templates = [];
    stream.send('resources-changed', {});
    await waitUntil(() => count(el) === '1,000 resources', 'the new resource list is shown');
  });

  it('should read the open resource again when the server says it changed, and no other', async () => {
    const { el, stream } = await open('resources subscriptions', `#resource=${encodeURIComponent('file:///r/2.txt')}`);
    await waitUntil(() => root(el).querySelector('resource-view'), 'the resource is shown');
    await waitUntil(() => (el as unknown as { watch: { abort?: unknown } }).watch.abort, 'the console follows');
    const view = root(el).querySelector('resource-view') as unknown as { refresh: () => void };
    let refreshed = 0;
    view.refresh = () => void refreshed++;
    stream.send('resource-updated', { uri: 'file:///r/3.txt' });
    stream.send('resource-updated', { uri: 'file:///r/2.txt' });
    await waitUntil(() => refreshed === 1, 'the open resource is read again');
    stream.send('resource-updated', { uri: 'file:///r/4.txt' });
    stream.send('log', { level: 'info', data: 'after' });
    await waitUntil(() => root(el).querySelector('nav > .logs'), 'later events arrive');
    expect(refreshed).to.equal(1);
  });

  it('should say why the resources could not be loaded, and load them again on Retry', async () => {
    let fail = true;
    stubFetch((call) => {
      const path = new URL(call.url).pathname;
      if (path === '/api/tools') return accept(call) === 'text/event-stream' ? eventStream().response : json(TOOLS);
      if (path === '/api/resources' && fail) return json({ error: 'The MCP server is not running.' }, 502);
      if (path === '/api/resources') return json({ resources: resourcesPage(0, 2) });
      return json({ resourceTemplates: [] });
    });
    history.replaceState(null, '', '#');
    const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" offers="resources"></tool-console>`);
    await waitUntil(() => tabs(el).length, 'the tabs are shown');
    await clickTab(el, 'Resources');
    await waitUntil(() => root(el).querySelector('nav [role=alert]'), 'the failure is said');
    expect(root(el).querySelector('nav [role=alert] p')!.textContent).to.contain('The MCP server is not running.');
    fail = false;
    root(el).querySelector<HTMLButtonElement>('nav [role=alert] button')!.click();
    await shownList(el, 'resource');
    expect(count(el)).to.equal('2 resources');
  });

  it("should show the server's icon in the header and the tools' icons in their rows, safe ones only", async () => {
    const icon = 'https://icons.example/server.png';
    stubFetch((call) =>
      accept(call) === 'text/event-stream'
        ? eventStream().response
        : json([
            { name: 'safe', description: '', icons: [{ src: 'https://icons.example/tool.svg' }] },
            { name: 'hostile', description: '', icons: [{ src: 'javascript:alert(1)' }, { src: 'http://x/y.png' }] },
          ]),
    );
    history.replaceState(null, '', '#');
    const server = JSON.stringify({ name: 'srv', icons: [{ src: 'javascript:alert(1)' }, { src: icon }] });
    const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" server=${server}></tool-console>`);
    expect(root(el).querySelector('header [part=server] img')!.getAttribute('src')).to.equal(icon);
    await waitUntil(() => root(el).querySelector('tool-list'), 'the tool list is shown');
    const toolList = root(el).querySelector('tool-list')!;
    await toolList.updateComplete;
    const rows = [...toolList.shadowRoot!.querySelectorAll('[role=option]')];
    expect(rows.map((row) => row.querySelector('img')?.getAttribute('src') ?? null)).to.deep.equal([
      'https://icons.example/tool.svg',
      null,
    ]);
    expect(rows[0].querySelector('img')!.getAttribute('referrerpolicy')).to.equal('no-referrer');
  });
});
