// The recent arguments <tool-console> shows under the selected tool's form: the arguments of calls that got an
// answer, newest first with when each ran, kept per tool and per backend, and none shown before the first.
import { expect, fixture, html } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { json } from './fetch-stub.js';
import { $, $$, backend, cleanPage, openConsole, pick, run, text } from './tool-console.helpers.js';

/** The recent arguments as a person reads them: the summary, then each entry's arguments. */
const recent = (el: ToolConsole) => [
  text($(el, '[part=history] summary')),
  ...$$(el, '[part=history] li .args').map((args) => args.textContent),
];

describe('<tool-console> recent arguments', () => {
  cleanPage();

  it('should show none before the first call, then each call newest first, with when it ran', async () => {
    backend();
    const el = await openConsole();
    await pick(el, 'echo');
    expect(text($(el, '[part=history]'))).to.equal(undefined);
    const before = Date.now();
    await run(el, { text: 'first' });
    await run(el, { text: 'second' });
    const after = Date.now();
    expect(recent(el)).to.deep.equal(['Recent arguments (2)', '{"text":"second"}', '{"text":"first"}']);
    const at = Date.parse($(el, '[part=history] li time')!.getAttribute('datetime')!);
    expect(at).to.be.within(before, after);
    expect(text($(el, '[part=history] li time'))).to.equal(new Date(at).toLocaleString());
  });

  it("should show each tool's own, and those of the tool opened next", async () => {
    backend();
    const el = await openConsole();
    await pick(el, 'echo');
    await run(el, { text: 'for echo' });
    await pick(el, 'add');
    expect(text($(el, '[part=history]'))).to.equal(undefined);
    await run(el, { a: 1 });
    expect(recent(el)).to.deep.equal(['Recent arguments (1)', '{"a":1}']);
    await pick(el, 'echo');
    expect(recent(el)).to.deep.equal(['Recent arguments (1)', '{"text":"for echo"}']);
  });

  it('should not remember a call that got no answer', async () => {
    const state = backend();
    state.call = () => json({ error: 'The MCP server could not start' }, 502);
    const el = await openConsole();
    await pick(el, 'echo');
    await run(el, { text: 'lost' });
    expect(text($(el, '[part=history]'))).to.equal(undefined);
    state.call = () => {
      throw new TypeError('Failed to fetch');
    };
    await run(el, { text: 'lost too' });
    expect(text($(el, '[part=history]'))).to.equal(undefined);
  });

  it('should keep the recent arguments of one backend out of a console on another', async () => {
    backend();
    const el = await openConsole();
    await pick(el, 'echo');
    await run(el, { text: 'here' });
    const other = await openConsole({ src: '/other/tools' });
    await pick(other, 'echo');
    expect(text($(other, '[part=history]'))).to.equal(undefined);
    const again = await openConsole();
    await pick(again, 'echo');
    expect(recent(again)).to.deep.equal(['Recent arguments (1)', '{"text":"here"}']);
  });

  it('should show the recent arguments of the backend a console is moved to', async () => {
    backend();
    const el = await fixture<ToolConsole>(html`<tool-console src="/other/tools" selected="echo"></tool-console>`);
    await settle(el);
    await run(el, { text: 'over there' });
    el.src = '/api/tools';
    await settle(el);
    expect(text($(el, '[part=history]'))).to.equal(undefined);
    await run(el, { text: 'here' });
    el.src = '/other/tools';
    await settle(el);
    expect(recent(el)).to.deep.equal(['Recent arguments (1)', '{"text":"over there"}']);
  });
});
