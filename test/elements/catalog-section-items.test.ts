// What the Resources and Prompts lists of <tool-console> show of the server's entries (label, second line, icon, what
// search finds; entries without their URI or name left out, the first of two with one key kept), and how the lists are
// paged: each page asked for with the cursor the last one gave, a cursor given twice or an empty one ending the list.
import { expect } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import {
  clickTab,
  count,
  cursorOf,
  json,
  list,
  openCatalog,
  options,
  rows,
  shownList,
  until,
} from './catalog-section.helpers.js';

const ICON = 'https://icons.example/r.png';

async function search(el: ToolConsole, text: string) {
  const input = list(el)!.shadowRoot!.querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await list(el)!.updateComplete;
}

describe('<tool-console> catalog lists: entries and pages', () => {
  it('should list resources and templates by title, name or URI, under their headings, leaving out entries without a URI', async () => {
    const { el } = await openCatalog('resources', {
      '/api/resources': () =>
        json({
          resources: [
            {
              uri: 'file:///a.txt',
              name: 'a',
              title: 'The A file',
              description: 'holds the needle',
              icons: [{ src: ICON }],
            },
            { name: 'no uri' },
            { uri: 42, name: 'numeric uri' },
            { uri: 'file:///b.txt', name: 7 },
            { uri: 'file:///a.txt', name: 'a again' },
            null,
          ],
        }),
      '/api/resource-templates': () =>
        json({
          resourceTemplates: [
            { uriTemplate: 'file:///{n}.txt', name: 'numbered', description: 'by number' },
            { uri: 'file:///not-a-template', name: 'no template' },
            null,
          ],
        }),
    });
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    expect(rows(el)).to.deep.equal([
      'The A file | file:///a.txt',
      'file:///b.txt | file:///b.txt',
      'numbered | file:///{n}.txt',
    ]);
    expect(count(el)).to.equal('2 resources, 1 template');
    const headings = [...list(el)!.shadowRoot!.querySelectorAll('[part=group] .ns')].map((group) => group.textContent);
    expect(headings).to.deep.equal(['Resources', 'Templates']);
    expect(options(el)[0].querySelector('img')?.getAttribute('src')).to.equal(ICON);
    expect(options(el)[1].querySelector('img')?.outerHTML).to.equal(undefined);

    // Descriptions are not shown but found: a search by one's words finds its entry.
    await search(el, 'needle');
    expect(rows(el)).to.deep.equal(['The A file | file:///a.txt']);
    await search(el, 'number');
    expect(rows(el)).to.deep.equal(['numbered | file:///{n}.txt']);
  });

  it('should list prompts by title or name with their description as words, leaving out those without a name', async () => {
    const { el } = await openCatalog('prompts', {
      '/api/prompts': () =>
        json({
          prompts: [
            { name: 'greet', title: 'Greeting', description: 'Says *hi*', icons: [{ src: ICON }] },
            { title: 'nameless' },
            { name: 5 },
            { name: 'plain', description: 12 },
            { name: 'greet', title: 'A second greet' },
            null,
          ],
        }),
    });
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    expect(rows(el)).to.deep.equal(['Greeting | Says hi', 'plain']);
    expect(count(el)).to.equal('2 prompts');
    expect(list(el)!.shadowRoot!.querySelector('[part=group]')?.outerHTML).to.equal(undefined);
    expect(options(el)[0].querySelector('img')?.getAttribute('src')).to.equal(ICON);
  });

  it('should ask for each page with the cursor the last one gave, for every list', async () => {
    const paged = (key: string, make: (n: number) => unknown) => (call: Parameters<typeof cursorOf>[0]) => {
      const cursor = cursorOf(call);
      const at = cursor === null ? 0 : Number(cursor.split(' ')[1]);
      return json({ [key]: [make(at)], ...(at < 2 ? { nextCursor: `page ${at + 1}` } : {}) });
    };
    const { el, catalogCalls } = await openCatalog('resources prompts', {
      '/api/resources': paged('resources', (n) => ({ uri: `file:///${n}.txt`, name: `r${n}` })),
      '/api/resource-templates': paged('resourceTemplates', (n) => ({
        uriTemplate: `file:///${n}/{x}`,
        name: `t${n}`,
      })),
      '/api/prompts': paged('prompts', (n) => ({ name: `p${n}` })),
    });
    await clickTab(el, 'Resources');
    await shownList(el, 'resource');
    await until(() => count(el) === '3 resources, 3 templates', 'every page is in');
    for (const path of ['/api/resources', '/api/resource-templates']) {
      expect(catalogCalls(path).map((call) => new URL(call.url).search)).to.deep.equal([
        '',
        '?cursor=page%201',
        '?cursor=page%202',
      ]);
    }
    await clickTab(el, 'Prompts');
    await shownList(el, 'prompt');
    await until(() => count(el) === '3 prompts', 'every prompt page is in');
    expect(rows(el)).to.deep.equal(['p0', 'p1', 'p2']);
    expect(catalogCalls('/api/prompts').map(cursorOf)).to.deep.equal([null, 'page 1', 'page 2']);
  });

  it('should end a list at a cursor it was given before, an empty one or one that is not text', async () => {
    // Each backend pages forever the way it would: the list ends where the cursor stops being new text.
    const cases: [string, (cursor: string | null) => unknown][] = [
      ['repeated', (cursor) => (cursor === null ? 'a' : cursor === 'a' ? 'b' : 'a')],
      ['empty', () => ''],
      ['a number', () => 5],
    ];
    const asked: Record<string, (string | null)[]> = {};
    for (const [name, next] of cases) {
      const { el, catalogCalls } = await openCatalog('prompts', {
        '/api/prompts': (call) => {
          const cursor = cursorOf(call);
          return json({ prompts: [{ name: `p-${cursor}` }], nextCursor: next(cursor) });
        },
      });
      await clickTab(el, 'Prompts');
      await shownList(el, 'prompt');
      await until(() => !list(el)!.loading, `the ${name} list ends`);
      asked[name] = catalogCalls('/api/prompts').map(cursorOf);
    }
    expect(asked).to.deep.equal({ repeated: [null, 'a', 'b'], empty: [null], 'a number': [null] });
  });
});
