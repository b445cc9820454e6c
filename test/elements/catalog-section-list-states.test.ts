// The Resources and Prompts lists of <tool-console> before and besides their items: loading until every first page is
// in, why a list could not be loaded (with Retry), a backend without a list (404), and an empty section.
import { expect } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import {
  clickTab,
  count,
  detailText,
  held,
  json,
  list,
  openCatalog,
  panelText,
  root,
  rows,
  shownList,
  until,
} from './catalog-section.helpers.js';

const RESOURCES = [
  { uri: 'file:///a.txt', name: 'a' },
  { uri: 'file:///b.txt', name: 'b' },
];
const TEMPLATES = [{ uriTemplate: 'file:///{n}.txt', name: 'numbered' }];
const PROMPTS = [{ name: 'greet' }];

const intro = (el: ToolConsole) => root(el).querySelector('main .intro')?.textContent!.replace(/\s+/g, ' ').trim();

describe('<tool-console> catalog lists: loading, failures and empty sections', () => {
  it('should say the resources are loading until both their lists have a first page, then that more are coming', async () => {
    const templates = held();
    const second = held();
    const { el, catalogCalls } = await openCatalog('resources', {
      '/api/resources': (call) =>
        new URL(call.url).searchParams.get('cursor') === 'p2'
          ? second.answer()
          : json({ resources: RESOURCES, nextCursor: 'p2' }),
      '/api/resource-templates': templates.answer,
    });
    await clickTab(el, 'Resources');
    expect(root(el).querySelector('#section-panel [role=status]')?.textContent).to.equal('Loading resources…');
    // The first page of resources is in (the second is asked for); the templates' is not.
    await until(() => catalogCalls('/api/resources').length === 2, 'the second page is asked for');
    await el.updateComplete;
    expect(panelText(el)).to.equal('Loading resources…');
    templates.release(json({ resourceTemplates: TEMPLATES }));
    await shownList(el, 'resource');
    expect(count(el)).to.equal('2 resources, 1 template, loading more…');
    expect(list(el)!.shadowRoot!.querySelector('input')!.getAttribute('aria-label')).to.match(/^Search resources by /);
    second.release(json({ resources: [{ uri: 'file:///c.txt', name: 'c' }] }));
    await until(() => count(el) === '3 resources, 1 template', 'the second page is counted');
    expect(list(el)!.loading).to.equal(false);
  });

  it('should say the prompts are loading until their first page is in', async () => {
    const prompts = held();
    const { el } = await openCatalog('prompts', { '/api/prompts': prompts.answer });
    await clickTab(el, 'Prompts');
    expect(root(el).querySelector('#section-panel [role=status]')?.textContent).to.equal('Loading prompts…');
    prompts.release(json({ prompts: PROMPTS }));
    await shownList(el, 'prompt');
    expect(rows(el)).to.deep.equal(['greet']);
    expect(list(el)!.label).to.equal('Prompts');
    expect(list(el)!.shadowRoot!.querySelector('input')!.getAttribute('aria-label')).to.match(/^Search prompts by /);
  });

  it('should say why the prompts could not be loaded, naming the URL, and show them after Retry', async () => {
    let fail = true;
    const retried = held();
    const { el } = await openCatalog('prompts', {
      '/api/prompts': () => {
        if (fail) return json({ error: 'The MCP server is not running.' }, 502);
        return retried.answer();
      },
    });
    await clickTab(el, 'Prompts');
    await until(() => root(el).querySelector('#section-panel [role=alert]'), 'the failure is said');
    expect(panelText(el)).to.equal(
      `Loading the prompts from ${location.origin}/api/prompts failed: The MCP server is not running. Retry`,
    );
    fail = false;
    root(el).querySelector<HTMLButtonElement>('#section-panel [role=alert] button')!.click();
    await el.updateComplete;
    // Failed before, the list is loading from its start again, not "more" of nothing.
    expect(panelText(el)).to.equal('Loading prompts…');
    retried.release(json({ prompts: PROMPTS }));
    await shownList(el, 'prompt');
    expect(rows(el)).to.deep.equal(['greet']);
  });

  it('should say the templates could not be loaded even when the resources were', async () => {
    const { el } = await openCatalog('resources', {
      '/api/resources': () => json({ resources: RESOURCES }),
      '/api/resource-templates': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await clickTab(el, 'Resources');
    await until(() => root(el).querySelector('#section-panel [role=alert]'), 'the failure is said');
    expect(panelText(el)).to.equal(
      `Loading the resources from ${location.origin}/api/resources failed: the server did not answer. ` +
        'Check that it is running and reachable from this page. Retry',
    );
    expect(list(el)?.outerHTML).to.equal(undefined);
  });

  it('should show the resources alone for a backend without templates (404), and the templates alone without resources', async () => {
    const { el } = await openCatalog('resources', { '/api/resources': () => json({ resources: RESOURCES }) });
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    expect(count(el)).to.equal('2 resources');
    expect(rows(el)).to.deep.equal(['a | file:///a.txt', 'b | file:///b.txt']);

    const { el: templatesOnly } = await openCatalog('resources', {
      '/api/resource-templates': () => json({ resourceTemplates: TEMPLATES }),
    });
    await clickTab(templatesOnly, 'Resources');
    await shownList(templatesOnly, 'template');
    expect(count(templatesOnly)).to.equal('1 template');
    expect(rows(templatesOnly)).to.deep.equal(['numbered | file:///{n}.txt']);
    expect(detailText(templatesOnly)).to.contain('Pick a resource');
  });

  it('should keep the pages it has when a later page fails, and stop saying more are coming', async () => {
    for (const status of [404, 500]) {
      const { el, catalogCalls } = await openCatalog('resources', {
        '/api/resources': (call) =>
          new URL(call.url).searchParams.has('cursor')
            ? json({ error: 'Gone' }, status)
            : json({ resources: RESOURCES, nextCursor: 'page2' }),
        '/api/resource-templates': () => json({ resourceTemplates: [] }),
      });
      await clickTab(el, 'Resources');
      await shownList(el, 'resource');
      await until(() => catalogCalls('/api/resources').length === 2, 'the second page is asked for');
      await until(() => !list(el)!.loading, `the list ends at the failed page (${status})`);
      await list(el)!.updateComplete;
      expect(count(el)).to.equal('2 resources');
      expect(root(el).querySelector('#section-panel [role=alert]')?.textContent).to.equal(undefined);
    }
  });

  it('should say a section is empty, in its own words', async () => {
    const { el } = await openCatalog('resources prompts', {
      '/api/resources': () => json({ resources: [] }),
      '/api/resource-templates': () => json({ resourceTemplates: [] }),
      '/api/prompts': () => json({ prompts: [] }),
    });
    await clickTab(el, 'Resources');
    await until(() => list(el), 'the empty list is shown');
    expect(root(el).querySelector('main .intro')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'No resources This server does not offer any resources.',
    );
    await clickTab(el, 'Prompts');
    await until(() => list(el)?.label === 'Prompts', 'the empty prompt list is shown');
    expect(root(el).querySelector('main .intro')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'No prompts This server does not offer any prompts.',
    );
  });

  it('should not say a section is empty while its list is loading or could not be loaded', async () => {
    const resources = held();
    const { el } = await openCatalog('resources prompts', {
      '/api/resources': resources.answer,
      '/api/resource-templates': () => json({ resourceTemplates: [] }),
      '/api/prompts': () => json({ error: 'The MCP server is not running.' }, 502),
    });
    await clickTab(el, 'Resources');
    expect(panelText(el)).to.equal('Loading resources…');
    expect(intro(el)).to.equal(
      'Pick a resource Choose a resource on the left to read it, or a template to fill in its variables.',
    );
    await clickTab(el, 'Prompts');
    await until(() => root(el).querySelector('#section-panel [role=alert]'), 'the failure is said');
    expect(intro(el)).to.equal(
      'Pick a prompt Choose a prompt on the left, fill in its arguments and get its messages.',
    );
    // Both lists in, both empty: now the server has none.
    await clickTab(el, 'Resources');
    resources.release(json({ resources: [] }));
    await until(() => list(el), 'the empty list is shown');
    expect(intro(el)).to.equal('No resources This server does not offer any resources.');
  });

  it('should say the resources are empty for a backend with neither list (404)', async () => {
    const { el } = await openCatalog('resources', {});
    await clickTab(el, 'Resources');
    await until(() => list(el), 'the empty list is shown');
    expect(count(el)).to.equal('0 resources');
    expect(intro(el)).to.equal('No resources This server does not offer any resources.');
  });

  it('should invite a pick when a section has items, in its own words', async () => {
    const { el } = await openCatalog('resources prompts', {
      '/api/resources': () => json({ resources: RESOURCES }),
      '/api/prompts': () => json({ prompts: PROMPTS }),
    });
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    expect(root(el).querySelector('main .intro')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Pick a resource Choose a resource on the left to read it, or a template to fill in its variables.',
    );
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    expect(root(el).querySelector('main .intro')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Pick a prompt Choose a prompt on the left, fill in its arguments and get its messages.',
    );
    await expect(el).shadowDom.to.be.accessible();
  });
});
