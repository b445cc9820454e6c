// The selected tool's header in <tool-console>: its description (Markdown, folded when long) and its output schema.
import { expect, fixture, html } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { json, stubFetch } from './fetch-stub.js';

const OUTPUT_SCHEMA = { type: 'object', properties: { sum: { type: 'number', description: '<b>the sum</b>' } } };
const TOOLS: ToolDetail[] = [
  {
    name: 'add',
    description: 'Adds **two** numbers.\n\n- `a` first\n- `b` second',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
    outputSchema: OUTPUT_SCHEMA,
  },
  { name: 'echo', description: 'Says it back', inputSchema: { type: 'object' } },
];

async function consoleOn(tool: string): Promise<ToolConsole> {
  stubFetch(({ url }) => {
    const path = decodeURIComponent(new URL(url).pathname);
    if (path === '/api/tools') return json(TOOLS.map(({ name, description }) => ({ name, description })));
    const found = TOOLS.find((t) => path === `/api/tools/${t.name}`);
    return found ? json(found) : json({ valid: true });
  });
  history.replaceState(null, '', `#tool=${tool}`);
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  const tasks = el as unknown as {
    tools: { taskComplete: Promise<unknown> };
    detail: { taskComplete: Promise<unknown> };
  };
  for (let i = 0; i < 3; i++) {
    await Promise.allSettled([tasks.tools.taskComplete, tasks.detail.taskComplete]);
    await el.updateComplete;
  }
  return el;
}

const header = (el: ToolConsole) => el.shadowRoot!.querySelector<HTMLElement>('[part~=tool-header]')!;

describe('<tool-console> tool header', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('should render the description as Markdown in the tool header', async () => {
    const el = await consoleOn('add');
    const description = header(el).querySelector('tool-description')!;
    await description.updateComplete;
    const text = description.shadowRoot!.querySelector<HTMLElement>('.description')!;
    expect(text.querySelector('strong')!.textContent).to.equal('two');
    expect([...text.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['a first', 'b second']);
  });

  it('should offer the output schema as a disclosure of pretty JSON text', async () => {
    const el = await consoleOn('add');
    const details = header(el).querySelector('details')!;
    expect(details.open).to.equal(false);
    expect(details.querySelector('summary')!.textContent).to.equal('Output schema');
    expect(details.querySelector('pre')!.textContent).to.equal(JSON.stringify(OUTPUT_SCHEMA, null, 2));
    expect(details.querySelectorAll('b')).to.have.length(0);
    details.querySelector('summary')!.click();
    expect(details.open).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('should offer no output schema for a tool without one', async () => {
    const el = await consoleOn('echo');
    expect(header(el).querySelector('details')).to.equal(null);
    expect(header(el).querySelector('tool-description')!.text).to.equal('Says it back');
  });
});
