// Tool UI marks in the list and the detail (issue 13): a "UI" badge for a tool with its own interface, and the tools
// meant only for tool UIs grouped apart at the end, still found by search and reached by keyboard; the detail says
// what the marks mean in words.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { ToolSummary } from '../../elements/api.js';
import '../../elements/tool-list/tool-list.js';
import type { ToolList } from '../../elements/tool-list/tool-list.js';
import { stubFetch } from './fetch-stub.js';
import { backend, openConsole, pick } from './apps.helpers.js';

const tools: ToolSummary[] = [
  { name: 'poll', description: 'Polls the viewer', ui: { visibility: ['app'] } },
  {
    name: 'view',
    description: 'Shows a PDF',
    ui: { resourceUri: 'ui://pdf/viewer.html', visibility: ['model', 'app'] },
  },
  { name: 'fs/read', description: 'Reads a file' },
  { name: 'fs/submit', description: 'Sends the form', ui: { visibility: ['app'] } },
  { name: 'echo', description: 'Says it back', ui: { visibility: ['model'] } },
];

async function listOf(items: ToolSummary[]): Promise<ToolList> {
  const el = await fixture<ToolList>(html`<tool-list style="height: 500px" .tools=${items}></tool-list>`);
  await el.updateComplete;
  return el;
}

const names = (el: ToolList) =>
  [...el.shadowRoot!.querySelectorAll('[role=option] .name')].map((name) => name.textContent);
const groups = (el: ToolList) =>
  [...el.shadowRoot!.querySelectorAll('[role=group]')].map((group) => group.getAttribute('aria-label'));

describe('<tool-list> tool UI marks', () => {
  it('should group the tools meant only for tool UIs apart, at the end, whatever their namespace', async () => {
    const el = await listOf(tools);
    expect(groups(el)).to.deep.equal(['Other tools', 'fs', 'For tool UIs']);
    expect(names(el)).to.deep.equal(['view', 'echo', 'fs/read', 'poll', 'fs/submit']);
    const header = [...el.shadowRoot!.querySelectorAll('.group')].at(-1)!;
    expect([...header.children].map((part) => part.textContent)).to.deep.equal(['For tool UIs', '2']);
  });

  it('should call the other tools "Tools" when the only other group is the one for tool UIs', async () => {
    const el = await listOf([tools[0], tools[1]]);
    expect(groups(el)).to.deep.equal(['Tools', 'For tool UIs']);
  });

  it('should badge a tool with its own interface "UI" and an app-only tool "app only", saying what they mean', async () => {
    const el = await listOf(tools);
    const badges = [...el.shadowRoot!.querySelectorAll('[role=option]')].map((option) =>
      [...option.querySelectorAll('.badge')].map(
        (badge) => `${badge.textContent!.trim()}: ${badge.getAttribute('title')}`,
      ),
    );
    expect(badges).to.deep.equal([
      ['UI: Has its own interface, shown when you run it'],
      [],
      [],
      ['app only: Meant for its tool UI; the model would not see it'],
      ['app only: Meant for its tool UI; the model would not see it'],
    ]);
  });

  it('should keep the tools for UIs last in search results, and select them by keyboard', async () => {
    const el = await listOf(tools);
    const input = el.shadowRoot!.querySelector('input')!;
    input.value = 'poll';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(names(el)).to.deep.equal(['poll']);
    input.value = 's';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    // "fs/submit" has the letter in its name, "view" and "echo" only in their descriptions: the UI group comes last.
    expect(names(el)).to.deep.equal(['fs/read', 'view', 'echo', 'fs/submit', 'poll']);
    const selected = oneEvent(el, 'tool-select');
    const listbox = el.shadowRoot!.querySelector<HTMLElement>('[role=listbox]')!;
    listbox.focus();
    listbox.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    await el.updateComplete;
    listbox.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect((await selected).detail.name).to.equal('poll');
  });

  it('should say in the detail what the marks mean, and keep an app-only tool runnable by hand', async () => {
    const { answer } = backend();
    stubFetch(answer);
    const el = await openConsole();
    await pick(el, 'clock');
    const marks = () => [...el.shadowRoot!.querySelectorAll('.marks li')].map((mark) => mark.textContent);
    expect(marks()).to.deep.equal(['Has its own interface, shown when you run it.']);
    await pick(el, 'refresh');
    expect(marks()).to.deep.equal(['Meant for its tool UI; the model would not see it.']);
    expect(el.shadowRoot!.querySelector('.badge.app-only')!.textContent!.trim()).to.equal('app only');
    expect(el.shadowRoot!.querySelector('tool-form')!.allowExecute).to.equal(true);
    await pick(el, 'secret');
    expect(marks()).to.deep.equal(['Tool UIs may not call it.']);
    await pick(el, 'echo');
    expect(el.shadowRoot!.querySelector('.marks')).to.equal(null);
  });
});
