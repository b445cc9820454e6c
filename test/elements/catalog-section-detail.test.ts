// The detail pane of <tool-console>'s Resources and Prompts sections: its views loading, a linked prompt the list has
// not reached yet, a linked template the list lacks, and what the views are told the backend offers (completion,
// subscriptions).
import { expect } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { cursorOf, detailText, followed, held, json, openCatalog, root, until } from './catalog-section.helpers.js';

/** Every text the detail pane shows from now on, in order (a notice may show for less than a frame). */
function watchDetail(el: ToolConsole): string[] {
  const main = root(el).querySelector('main')!;
  const seen: string[] = [];
  const record = () => {
    const text = main.textContent!.replace(/\s+/g, ' ').trim();
    if (seen.at(-1) !== text) seen.push(text);
  };
  new MutationObserver(record).observe(main, { childList: true, subtree: true, characterData: true });
  return seen;
}

const view = (el: ToolConsole, tag: string) => root(el).querySelector(tag) as unknown as Record<string, unknown> | null;

describe('<tool-console> catalog detail pane', () => {
  it('should say the view is loading, then that the linked prompt is, until the list reaches it', async () => {
    const first = held();
    const second = held();
    const prompt = { name: 'greet', title: 'Greeting', arguments: [] };
    const { el, catalogCalls } = await openCatalog('prompts', {
      '/api/prompts': (call) => (cursorOf(call) === null ? first.answer() : second.answer()),
    });
    const seen = watchDetail(el);
    location.hash = '#prompt=greet';
    await until(() => detailText(el) === 'Loading greet…', 'the prompt is said to be loading');
    expect(root(el).querySelector('main [role=status]')?.textContent).to.equal('Loading greet…');
    first.release(json({ prompts: [{ name: 'other' }], nextCursor: 'two' }));
    await until(() => catalogCalls('/api/prompts').length === 2, 'the next page is asked for');
    await el.updateComplete;
    expect(detailText(el)).to.equal('Loading greet…');
    second.release(json({ prompts: [prompt] }));
    await until(() => view(el, 'prompt-view'), 'the prompt is shown');
    expect(view(el, 'prompt-view')!.prompt).to.deep.equal(prompt);
    expect(seen.filter((text) => text.startsWith('Loading'))).to.deep.equal(['Loading…', 'Loading greet…']);
  });

  it("should ask for a prompt's detail once, however often the console draws again", async () => {
    const { el, stream, catalogCalls } = await openCatalog(
      'prompts',
      {
        // Listed without its arguments: the view asks for them.
        '/api/prompts': () => json({ prompts: [{ name: 'greet' }] }),
        '/api/prompts/greet': () => json({ name: 'greet', arguments: [{ name: 'who' }] }),
      },
      '#prompt=greet',
    );
    await until(() => view(el, 'prompt-view'), 'the prompt is shown');
    await until(() => catalogCalls('/api/prompts/greet').length, "the prompt's detail is asked for");
    await followed(el);
    // Each line of the server log draws the console again.
    for (const line of ['one', 'two']) {
      stream.send('log', { level: 'info', data: line });
      await until(() => root(el).querySelector('nav > .logs')?.textContent?.includes(line), `“${line}” is logged`);
    }
    await el.updateComplete;
    expect(catalogCalls('/api/prompts/greet').length).to.equal(1);
  });

  it('should open a linked template the list lacks under its URI template', async () => {
    const { el } = await openCatalog(
      'resources',
      {
        '/api/resources': () => json({ resources: [] }),
        '/api/resource-templates': () => json({ resourceTemplates: [] }),
      },
      `#template=${encodeURIComponent('mem://{key}')}`,
    );
    await until(() => view(el, 'template-view'), 'the template is shown');
    expect(view(el, 'template-view')!.template).to.deep.equal({ uriTemplate: 'mem://{key}', name: 'mem://{key}' });
  });

  it('should tell the views whether the backend completes arguments and takes subscriptions', async () => {
    const routes = {
      '/api/resources': () => json({ resources: [{ uri: 'file:///a.txt', name: 'a' }] }),
      '/api/resource-templates': () => json({ resourceTemplates: [{ uriTemplate: 'file:///{n}', name: 'n' }] }),
      '/api/prompts': () => json({ prompts: [{ name: 'greet', arguments: [] }] }),
      '/api/resources/read': () => json({ contents: [{ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' }] }),
    };
    const offered: Record<string, unknown>[] = [];
    for (const offers of ['resources prompts', 'resources prompts completions subscriptions']) {
      const { el } = await openCatalog(offers, routes, `#resource=${encodeURIComponent('file:///a.txt')}`);
      await until(() => view(el, 'resource-view'), 'the resource is shown');
      const resource = root(el).querySelector('resource-view')!;
      await until(() => resource.shadowRoot?.textContent?.includes('A'), 'the resource is read');
      const subscribe = resource.shadowRoot!.querySelector('[part=subscribe]')?.textContent?.trim();
      location.hash = `#template=${encodeURIComponent('file:///{n}')}`;
      await until(() => view(el, 'template-view'), 'the template is shown');
      const template = view(el, 'template-view')!.completions;
      location.hash = '#prompt=greet';
      await until(() => view(el, 'prompt-view'), 'the prompt is shown');
      offered.push({ offers, subscribe, template, prompt: view(el, 'prompt-view')!.completions });
    }
    expect(offered).to.deep.equal([
      { offers: 'resources prompts', subscribe: undefined, template: false, prompt: false },
      { offers: 'resources prompts completions subscriptions', subscribe: 'Subscribe', template: true, prompt: true },
    ]);
  });
});
