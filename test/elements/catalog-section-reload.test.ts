// The Resources and Prompts lists of <tool-console> loaded again: when the server says a list changed (the old list
// stays on screen until the new one is in, and the load it replaces is dropped), only for a list that was loaded;
// when the console's `src` names another backend; when the console comes back to the page. And a resource read through
// a template is read again when the server says it changed.
import { expect } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import {
  clickTab,
  count,
  cursorOf,
  followed,
  held,
  json,
  list,
  openCatalog,
  panelText,
  root,
  rows,
  shownList,
  slowBody,
  until,
} from './catalog-section.helpers.js';
import type { eventStream } from './fetch-stub.js';

/** Sends a log line down the watch stream and waits for it: every event sent before it has been handled. */
async function barrier(el: ToolConsole, stream: ReturnType<typeof eventStream>, text: string) {
  stream.send('log', { level: 'info', data: text });
  await until(() => root(el).querySelector('nav > .logs')?.textContent?.includes(text), `“${text}” is logged`);
}

describe('<tool-console> catalog lists loaded again', () => {
  it('should keep the old list on screen until the new first page replaces it', async () => {
    const reload = held();
    let changed = false;
    const { el, stream, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': () => (changed ? reload.answer() : json({ prompts: [{ name: 'old' }] })),
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await followed(el);
    changed = true;
    stream.send('prompts-changed', {});
    await until(() => catalogCalls('/api/prompts').length === 2, 'the list is asked for again');
    await el.updateComplete;
    expect(rows(el)).to.deep.equal(['old']);
    reload.release(json({ prompts: [{ name: 'new' }] }));
    await until(() => rows(el)[0] === 'new', 'the new list replaces the old');
    expect(rows(el)).to.deep.equal(['new']);
  });

  it('should drop the load underway when the list is loaded again: neither its failure nor its pages are shown', async () => {
    const secondPage = held();
    const fresh = held();
    let changed = false;
    const { el, stream, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': (call) => {
        if (changed) return fresh.answer();
        return cursorOf(call) === null ? json({ prompts: [{ name: 'p1' }], nextCursor: 'two' }) : secondPage.answer();
      },
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await followed(el);
    expect(count(el)).to.equal('1 prompt, loading more…');
    changed = true;
    stream.send('prompts-changed', {});
    await until(() => catalogCalls('/api/prompts').length === 3, 'the list is asked for again');
    expect(catalogCalls('/api/prompts')[1].signal!.aborted).to.equal(true);
    await barrier(el, stream, 'after the reload');
    // The aborted page is no failure: the old list stays as it was, more still coming.
    expect(count(el)).to.equal('1 prompt, loading more…');
    fresh.release(json({ prompts: [{ name: 'fresh' }] }));
    await until(() => count(el) === '1 prompt', 'the new list is in');
    expect(rows(el)).to.deep.equal(['fresh']);
  });

  it('should say nothing of a first page dropped by a reload, and show the new one', async () => {
    const first = held();
    const fresh = held();
    let changed = false;
    const { el, stream, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': () => (changed ? fresh.answer() : first.answer()),
    });
    await clickTab(el, 'Prompts');
    await followed(el);
    changed = true;
    stream.send('prompts-changed', {});
    await until(() => catalogCalls('/api/prompts').length === 2, 'the list is asked for again');
    await barrier(el, stream, 'reloading');
    expect(panelText(el)).to.equal('Loading prompts…');
    fresh.release(json({ prompts: [{ name: 'fresh' }] }));
    await shownList(el, 'prompt');
    expect(rows(el)).to.deep.equal(['fresh']);
  });

  it('should not show a page of the dropped load that arrives after the new list', async () => {
    const stale = slowBody();
    const fresh = held();
    let changed = false;
    const { el, stream, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': (call) => {
        if (changed) return fresh.answer();
        return cursorOf(call) === null ? json({ prompts: [{ name: 'p1' }], nextCursor: 'two' }) : stale.response;
      },
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await followed(el);
    // The second page's answer has come; its body is still on its way when the list is loaded again.
    changed = true;
    stream.send('prompts-changed', {});
    await until(() => catalogCalls('/api/prompts').length === 3, 'the list is asked for again');
    fresh.release(json({ prompts: [{ name: 'fresh' }] }));
    await until(() => count(el) === '1 prompt', 'the new list is in');
    stale.send({ prompts: [{ name: 'stale' }], nextCursor: 'three' });
    await barrier(el, stream, 'after the stale page');
    await list(el)!.updateComplete;
    expect(rows(el)).to.deep.equal(['fresh']);
    expect(catalogCalls('/api/prompts').map(cursorOf)).to.deep.equal([null, 'two', null]);
  });

  it('should load again only a list that was loaded, templates with resources', async () => {
    const { el, stream, catalogCalls } = await openCatalog('resources prompts', {
      '/api/resources': () => json({ resources: [{ uri: 'file:///a', name: 'a' }] }),
      '/api/resource-templates': () => json({ resourceTemplates: [] }),
      '/api/prompts': () => json({ prompts: [{ name: 'greet' }] }),
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await followed(el);
    stream.send('resources-changed', {});
    stream.send('prompts-changed', {});
    await until(() => catalogCalls('/api/prompts').length === 2, 'the prompts are asked for again');
    await barrier(el, stream, 'prompts reloaded');
    expect(catalogCalls('/api/resources').length + catalogCalls('/api/resource-templates').length).to.equal(0);

    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    expect(count(el)).to.equal('1 resource');
    stream.send('resources-changed', {});
    await until(() => catalogCalls('/api/resource-templates').length === 2, 'the templates are asked for again');
    expect(catalogCalls('/api/resources').length).to.equal(2);
  });

  it('should not load the prompts on news of them before they were opened', async () => {
    const { el, stream, catalogCalls } = await openCatalog('resources prompts', {
      '/api/resources': () => json({ resources: [{ uri: 'file:///a', name: 'a' }] }),
      '/api/prompts': () => json({ prompts: [{ name: 'greet' }] }),
    });
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    await followed(el);
    stream.send('prompts-changed', {});
    stream.send('resources-changed', {});
    await until(() => catalogCalls('/api/resources').length === 2, 'the resources are asked for again');
    await barrier(el, stream, 'resources reloaded');
    expect(catalogCalls('/api/prompts').length).to.equal(0);
  });

  it('should load the lists from the new backend when src changes, and name it when that fails', async () => {
    const { el, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': () => json({ prompts: [{ name: 'greet' }] }),
      '/other/prompts': () => json({ error: 'No prompts here.' }, 500),
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    el.src = '/other/tools';
    await until(() => root(el).querySelector('#section-panel [role=alert]'), 'the failure is said');
    expect(catalogCalls('/other/prompts').length).to.equal(1);
    expect(panelText(el)).to.equal(
      `Loading the prompts from ${location.origin}/other/prompts failed: No prompts here. Retry`,
    );
  });

  it('should stop loading when the console leaves the page, and load again when it comes back', async () => {
    const secondPage = held();
    const { el, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': (call) =>
        cursorOf(call) === null ? json({ prompts: [{ name: 'p1' }], nextCursor: 'two' }) : secondPage.answer(),
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await until(() => catalogCalls('/api/prompts').length === 2, 'the second page is asked for');
    const parent = el.parentNode!;
    el.remove();
    expect(catalogCalls('/api/prompts')[1].signal!.aborted).to.equal(true);
    parent.appendChild(el);
    await until(() => catalogCalls('/api/prompts').length > 2, 'the list is asked for again');
    expect(cursorOf(catalogCalls('/api/prompts')[2])).to.equal(null);
  });

  it('should read a resource shown by a template view again when the server says it changed, and no other', async () => {
    const template = 'file:///notes/{n}.txt';
    const { el, stream, catalogCalls } = await openCatalog(
      'resources',
      {
        '/api/resources': () => json({ resources: [] }),
        '/api/resource-templates': () => json({ resourceTemplates: [{ uriTemplate: template, name: 'note' }] }),
        '/api/resources/read': (call) => {
          const { uri } = call.body as { uri: string };
          return json({ contents: [{ uri, mimeType: 'text/plain', text: `read ${uri}` }] });
        },
      },
      `#template=${encodeURIComponent(template)}`,
    );
    await until(() => root(el).querySelector('template-view'), 'the template is shown');
    const view = root(el).querySelector('template-view')!;
    await (view as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const input = view.shadowRoot!.querySelector<HTMLInputElement>('input')!;
    input.value = '7';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await (view as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    view.shadowRoot!.querySelector<HTMLButtonElement>('[part=read]')!.click();
    const reads = () => catalogCalls('/api/resources/read').map((call) => (call.body as { uri: string }).uri);
    await until(() => reads().length === 1, 'the resource is read');
    await followed(el);
    stream.send('resource-updated', { uri: 'file:///notes/8.txt' });
    stream.send('resource-updated', { uri: 'file:///notes/7.txt' });
    await until(() => reads().length === 2, 'the resource is read again');
    await barrier(el, stream, 'after the updates');
    expect(reads()).to.deep.equal(['file:///notes/7.txt', 'file:///notes/7.txt']);
  });
});
