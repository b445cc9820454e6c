// Moving between the sections of <tool-console> (Tools | Resources | Prompts): the tabs as ARIA tabs and what the
// keyboard does with them, the sidebar named for the open section, what each tab puts in the URL, how history entries
// and links open a section, and which sections an `offers` attribute gives.
import { expect } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import {
  clickTab,
  json,
  list,
  openCatalog,
  openTab,
  options,
  root,
  shownList,
  tabNames,
  tabs,
  until,
} from './catalog-section.helpers.js';

const ROUTES = {
  '/api/resources': () => json({ resources: [{ uri: 'file:///a.txt', name: 'a', title: 'The A file' }] }),
  '/api/resource-templates': () => json({ resourceTemplates: [] }),
  '/api/prompts': () => json({ prompts: [{ name: 'greet' }, { name: 'part' }] }),
};

const nav = (el: ToolConsole) => root(el).querySelector('nav')!;
const tablist = (el: ToolConsole) => root(el).querySelector<HTMLElement>('[role=tablist]')!;

interface Navigation {
  currentEntry: { key: string };
}
const navigation = () => (window as unknown as { navigation: Navigation }).navigation;

/** Goes back and waits for the console to have followed the URL (its hashchange, which comes after popstate). */
function back(): Promise<void> {
  return new Promise((resolve) => {
    addEventListener('hashchange', () => resolve(), { once: true });
    history.back();
  });
}

/** Presses `key` on the tab list; whether the page's default action was prevented. */
async function press(el: ToolConsole, key: string): Promise<boolean> {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  tablist(el).dispatchEvent(event);
  await el.updateComplete;
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  return event.defaultPrevented;
}

describe('<tool-console> sections: tabs, URL and history', () => {
  // The runner's page keeps its own address for the next test file.
  const address = `${location.pathname}${location.search}`;
  afterEach(() => history.replaceState(null, '', address));

  it('should mark the open tab for screen readers and styling, and name the sidebar for it', async () => {
    const { el } = await openCatalog('resources prompts', ROUTES);
    expect(tablist(el).getAttribute('aria-label')).to.equal('What the server offers');
    expect(nav(el).getAttribute('aria-label')).to.equal('Tools');
    const state = () =>
      tabs(el).map((tab) =>
        [tab.id, tab.getAttribute('part'), tab.getAttribute('aria-selected'), tab.getAttribute('tabindex')].join(' '),
      );
    expect(state()).to.deep.equal([
      'tab-tools tab selected true 0',
      'tab-resources tab false -1',
      'tab-prompts tab false -1',
    ]);
    expect(tabs(el).map((tab) => tab.getAttribute('aria-controls'))).to.deep.equal([
      'section-panel',
      'section-panel',
      'section-panel',
    ]);
    await clickTab(el, 'Prompts');
    expect(state()).to.deep.equal([
      'tab-tools tab false -1',
      'tab-resources tab false -1',
      'tab-prompts tab selected true 0',
    ]);
    expect(nav(el).getAttribute('aria-label')).to.equal('Prompts');
    expect(root(el).querySelector('[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal('tab-prompts');
    await clickTab(el, 'Resources');
    expect(nav(el).getAttribute('aria-label')).to.equal('Resources');
    await shownList(el, 'resource');
    await expect(el).shadowDom.to.be.accessible();
  });

  it("should draw the tabs in a row, keeping the console's own look", async () => {
    const { el } = await openCatalog('resources prompts', ROUTES);
    expect(getComputedStyle(tablist(el)).display).to.equal('flex');
    expect(getComputedStyle(root(el).querySelector('.layout')!).display).to.equal('grid');
  });

  it('should take the arrow keys, Home and End from the page and leave it every other key', async () => {
    const { el } = await openCatalog('prompts', ROUTES);
    expect(tabNames(el)).to.deep.equal(['Tools', 'Prompts']);
    expect(await press(el, 'Enter')).to.equal(false);
    expect(await press(el, 'ArrowDown')).to.equal(false);
    expect(openTab(el)).to.equal('Tools');
    expect(await press(el, 'ArrowLeft')).to.equal(true);
    expect(openTab(el)).to.equal('Prompts');
    expect(root(el).activeElement?.id).to.equal('tab-prompts');
    expect(await press(el, 'ArrowRight')).to.equal(true);
    expect(openTab(el)).to.equal('Tools');
    expect(root(el).activeElement?.id).to.equal('tab-tools');
    expect(await press(el, 'End')).to.equal(true);
    expect(root(el).activeElement?.id).to.equal('tab-prompts');
    expect(await press(el, 'Home')).to.equal(true);
    expect(openTab(el)).to.equal('Tools');
    expect(root(el).activeElement?.id).to.equal('tab-tools');
  });

  it("should put each tab's pick in the URL: the selected tool for Tools, the picked item for the others", async () => {
    // A page address with a query, which the tabs keep.
    const { el } = await openCatalog('resources prompts', ROUTES, '?view=catalog#');
    el.selected = 'echo';
    await el.updateComplete;
    const { pathname, search } = location;
    await clickTab(el, 'Resources');
    expect(location.hash).to.equal('');
    // Nothing picked: the page's own address, without a link.
    expect(`${location.pathname}${location.search}`).to.equal(`${pathname}${search}`);
    expect(search).to.equal('?view=catalog');
    expect(history.state).to.deep.equal({ section: 'resources' });
    await shownList(el, 'resource');
    options(el)[0].click();
    await until(() => location.hash === `#resource=${encodeURIComponent('file:///a.txt')}`, 'the pick is in the URL');
    await clickTab(el, 'Tools');
    expect(location.hash).to.equal('#tool=echo');
    expect(history.state).to.deep.equal({ section: 'tools' });
    await clickTab(el, 'Resources');
    expect(location.hash).to.equal(`#resource=${encodeURIComponent('file:///a.txt')}`);
    await until(() => root(el).querySelector('resource-view'), 'the picked resource is shown again');
    // The listed entry, not one made from its link.
    const view = root(el).querySelector('resource-view') as unknown as { resource: unknown };
    expect(view.resource).to.deep.equal({ uri: 'file:///a.txt', name: 'a', title: 'The A file' });
  });

  it('should leave the URL alone when the open tab is clicked', async () => {
    const { el } = await openCatalog('resources prompts', ROUTES, '#notes');
    await clickTab(el, 'Tools');
    expect(location.hash).to.equal('#notes');
    expect(history.state).to.equal(null);
  });

  it('should add no history entry for picking what is already picked', async () => {
    const { el } = await openCatalog('prompts', ROUTES);
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    options(el)[1].click();
    await until(() => location.hash === '#prompt=part', 'the pick is in the URL');
    const entry = navigation().currentEntry.key;
    await list(el)!.updateComplete;
    options(el)[1].click();
    await el.updateComplete;
    expect(navigation().currentEntry.key).to.equal(entry);
    expect(location.hash).to.equal('#prompt=part');
  });

  it('should open Tools for a tool link, and go back to the section a history entry was in', async () => {
    const { el } = await openCatalog('resources prompts', ROUTES);
    await clickTab(el, 'Prompts');
    // Tools again, with no tool selected: the entry says the Tools tab was open.
    await clickTab(el, 'Tools');
    expect(history.state).to.deep.equal({ section: 'tools' });
    expect(location.hash).to.equal('');
    location.hash = '#prompt=greet';
    await until(() => openTab(el) === 'Prompts', 'the linked prompt opens its section');
    await back();
    await el.updateComplete;
    expect(openTab(el)).to.equal('Tools');

    location.hash = '#tool=echo';
    await until(() => location.hash === '#tool=echo', 'the link is followed');
    await clickTab(el, 'Resources');
    location.hash = '#tool=echo2';
    await until(() => openTab(el) === 'Tools', 'a tool link opens Tools');
    expect(nav(el).getAttribute('aria-label')).to.equal('Tools');
  });

  it('should go back to a tab as it was, nothing picked there, keeping what the other tab picked', async () => {
    const { el } = await openCatalog('resources prompts', ROUTES);
    const resource = `#resource=${encodeURIComponent('file:///a.txt')}`;
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    options(el)[0].click();
    await until(() => location.hash === resource, 'the resource is picked');
    await back();
    await el.updateComplete;
    expect(openTab(el)).to.equal('Resources');
    expect(root(el).querySelector('main .intro h2')?.textContent).to.equal('Pick a resource');

    options(el)[0].click();
    await until(() => root(el).querySelector('resource-view'), 'the resource is picked again');
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    options(el)[0].click();
    await until(() => location.hash === '#prompt=greet', 'the prompt is picked');
    await back();
    await el.updateComplete;
    expect(root(el).querySelector('main .intro h2')?.textContent).to.equal('Pick a prompt');
    await clickTab(el, 'Resources');
    expect(location.hash).to.equal(resource);
    await until(() => root(el).querySelector('resource-view'), 'the resource picked before is shown');
  });

  it('should keep the open section for a history entry that names none', async () => {
    const { el } = await openCatalog('resources prompts', ROUTES);
    // The page's own entry, written by no tab (its state is null).
    location.hash = '#prompt=greet';
    await until(() => openTab(el) === 'Prompts', 'the linked prompt opens its section');
    await back();
    await el.updateComplete;
    expect(openTab(el)).to.equal('Prompts');
    // An entry with a section no tab writes.
    history.replaceState({ section: 'elsewhere' }, '', `${location.pathname}${location.search}`);
    location.hash = '#prompt=part';
    await until(() => root(el).querySelector('prompt-view'), 'the linked prompt is shown');
    await back();
    await el.updateComplete;
    expect(openTab(el)).to.equal('Prompts');
  });

  it('should read the offers as words, in any spacing, ignoring unknown ones', async () => {
    const { el } = await openCatalog('\tprompts\ncompletions  resources\n', ROUTES);
    expect(tabNames(el)).to.deep.equal(['Tools', 'Resources', 'Prompts']);
    const { el: unknown } = await openCatalog('resources-beta prompts2', ROUTES);
    await until(
      () => (unknown as unknown as { sections: { navigation?: unknown } }).sections.navigation,
      'the sections are loaded',
    );
    await unknown.updateComplete;
    expect(root(unknown).querySelector('[role=tablist], [role=tabpanel]')?.outerHTML).to.equal(undefined);
    expect(root(unknown).querySelector('nav tool-list')?.tagName).to.equal('TOOL-LIST');
  });

  it('should show Tools when the open section is no longer offered', async () => {
    const { el } = await openCatalog('resources prompts', ROUTES);
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    el.offers = 'resources';
    await el.updateComplete;
    expect(tabNames(el)).to.deep.equal(['Tools', 'Resources']);
    expect(openTab(el)).to.equal('Tools');
    expect(nav(el).getAttribute('aria-label')).to.equal('Tools');
    expect(root(el).querySelector('[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal('tab-tools');
    await until(() => root(el).querySelector('nav tool-list'), 'the tool list is shown');
    expect(root(el).querySelector('main .intro h2')?.textContent).to.not.contain('prompt');
  });
});
