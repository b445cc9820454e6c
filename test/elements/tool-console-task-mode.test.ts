// "Run as task" in <tool-console>: offered beside Execute only for a tool that may run as an MCP task, sent as
// `Tool-Call-Mode: task` only when checked, off again for the next tool; a tool that must run as a task gets a note.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import { callsAsTask } from '../../elements/call/task-mode.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';

const TOOLS: ToolDetail[] = [
  {
    name: 'either',
    description: 'May run as a task',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'optional' },
  },
  {
    name: 'always',
    description: 'Must run as a task',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'required' },
  },
  { name: 'never', description: 'Runs plainly', inputSchema: { type: 'object' } },
];
const RESULT = { content: [{ type: 'text', text: 'done' }] };

let calls: FetchCall[];

function backend({ url }: FetchCall): Response {
  const path = decodeURIComponent(new URL(url).pathname);
  if (path === '/api/tools') return json(TOOLS.map(({ name, description }) => ({ name, description })));
  if (path.endsWith('/validate')) return json({ valid: true });
  if (path.endsWith('/call')) return json(RESULT);
  const tool = TOOLS.find((each) => path === `/api/tools/${each.name}`);
  return tool ? json(tool) : json({ error: 'Not found' }, 404);
}

async function open(name: string): Promise<ToolConsole> {
  ({ calls } = stubFetch(backend));
  history.replaceState(null, '', `#tool=${name}`);
  const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools"></tool-console>`);
  await waitUntil(() => el.shadowRoot!.querySelector('tool-form')?.tool?.name === name, 'the tool is shown');
  return el;
}

const taskSwitch = (el: ToolConsole) => el.shadowRoot!.querySelector<HTMLInputElement>('.task-mode input');

/** Runs the tool and answers the call mode its request asked for. */
async function run(el: ToolConsole): Promise<string | undefined> {
  const ended = oneEvent(el, 'tool-call-end');
  void el.shadowRoot!.querySelector('tool-form')!.execute();
  await ended;
  const call = calls.filter((each) => each.url.endsWith('/call')).at(-1)!;
  return (call.init?.headers as Record<string, string>)['Tool-Call-Mode'];
}

describe('<tool-console> Run as task', () => {
  it('offers the switch beside Execute for a tool that may run as a task, and asks for a task only when checked', async () => {
    const el = await open('either');
    const toggle = taskSwitch(el)!;
    expect(toggle, 'the switch').to.exist;
    // Slotted into the form's row of actions, beside Execute and Cancel.
    expect(toggle.closest('label')!.assignedSlot?.name).to.equal('actions');
    expect(toggle.closest('label')!.textContent!.trim()).to.equal('Run as task');
    expect(toggle.checked).to.equal(false);
    expect(await run(el)).to.equal(undefined);
    toggle.click();
    expect(await run(el)).to.equal('task');
    toggle.click();
    expect(await run(el)).to.equal(undefined);
  });

  it('is off again when another tool that may run as a task is opened', async () => {
    const el = await open('either');
    taskSwitch(el)!.click();
    el.selected = 'never';
    await waitUntil(() => el.shadowRoot!.querySelector('tool-form')?.tool?.name === 'never');
    expect(taskSwitch(el), 'no switch for a tool that runs plainly').to.equal(null);
    el.selected = 'either';
    await waitUntil(() => el.shadowRoot!.querySelector('tool-form')?.tool?.name === 'either');
    expect(taskSwitch(el)!.checked).to.equal(false);
    expect(await run(el)).to.equal(undefined);
  });

  it('says that a tool which must run as a task does, with no switch', async () => {
    const el = await open('always');
    expect(taskSwitch(el)).to.equal(null);
    expect(el.shadowRoot!.querySelector('.task-mode')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Runs as a task (the server requires it)',
    );
    // The server runs it as a task anyway: the page asks for nothing.
    expect(await run(el)).to.equal(undefined);
  });

  it('asks for a task only for a tool that may run either way, whatever the switch says for the others', () => {
    // The switch's state outlives a tool whose detail is not loaded yet, or one that says nothing of tasks.
    const [either, always, never] = TOOLS;
    expect(
      [either, always, never, undefined].map((tool) => [callsAsTask(tool, true), callsAsTask(tool, false)]),
    ).to.deep.equal([
      [true, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });
});
