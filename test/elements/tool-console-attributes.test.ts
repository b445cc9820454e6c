// The attributes the page's server writes into <tool-console>, and what the console makes of each: where the tools
// are (`src`), the heading, whether Execute is offered (`execution`), and a page served while the console was still
// connecting (`offers="pending"`), which asks the backend who the server is once the list is in.
import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { json } from './fetch-stub.js';
import { $, backend, cleanPage, openConsole, pick, text } from './tool-console.helpers.js';

describe('<tool-console> attributes', () => {
  cleanPage();

  it('should load the tools from "tools" beside the page when no src is given', async () => {
    const { calls } = backend();
    const el = await fixture<ToolConsole>(html`<tool-console></tool-console>`);
    await settle(el);
    expect(calls[0].url).to.equal(new URL('tools', document.baseURI).href);
    expect($(el, 'tool-list')!.tools.map((tool) => tool.name)).to.deep.equal(['echo', 'add']);
  });

  it("should head the console with the server's name when it has no title and the page gives no heading", async () => {
    backend();
    const el = await openConsole({ server: JSON.stringify({ name: 'everything' }) });
    expect(text($(el, 'h1'))).to.equal('everything');
  });

  it('should offer Execute unless execution is "false", in any case and spacing', async () => {
    backend();
    for (const [execution, allowed] of [
      [' FALSE ', false],
      ['False', false],
      ['no', true],
      ['', true],
      [null, true],
    ] as const) {
      const el = await fixture<ToolConsole>(
        execution === null
          ? html`<tool-console src="/api/tools"></tool-console>`
          : html`<tool-console src="/api/tools" execution=${execution}></tool-console>`,
      );
      await settle(el);
      await pick(el, 'echo');
      expect($(el, 'tool-form')!.allowExecute, `execution=${JSON.stringify(execution)}`).to.equal(allowed);
    }
  });

  it('should offer Execute again when the page removes execution="false"', async () => {
    backend();
    const el = await fixture<ToolConsole>(html`<tool-console src="/api/tools" execution="false"></tool-console>`);
    await settle(el);
    await pick(el, 'echo');
    expect($(el, 'tool-form')!.allowExecute).to.equal(false);
    el.removeAttribute('execution');
    await el.updateComplete;
    expect($(el, 'tool-form')!.allowExecute).to.equal(true);
  });

  it('should not ask who the server is when the page already says', async () => {
    const { calls } = backend();
    await openConsole({ offers: 'inspect resources' });
    expect(calls.map((call) => new URL(call.url).pathname)).not.to.include('/api/console');
  });

  it('should learn the server, heading and offers once the list is in, on a page served while connecting', async () => {
    const state = backend();
    const server = { name: 'everything', version: '2.0.0' };
    state.special = (path) =>
      path === '/api/console' ? json({ title: 'Everything console', offers: 'inspect', server }) : undefined;
    const el = await openConsole({ offers: 'tools pending' });
    expect(state.calls.map((call) => new URL(call.url).pathname).slice(0, 2)).to.deep.equal([
      '/api/tools',
      '/api/console',
    ]);
    expect(text($(el, 'h1'))).to.equal('Everything console');
    expect(text($(el, '[part=server]'))).to.equal('everything 2.0.0');
    expect(el.offers).to.equal('inspect');
    expect(text($(el, 'header button'))).to.equal('Server');
  });

  it('should keep the server the page named when the console does not name one', async () => {
    const state = backend();
    state.special = (path) => (path === '/api/console' ? json({ title: 'Later', offers: '' }) : undefined);
    const el = await openConsole({ offers: 'pending', server: JSON.stringify({ name: 'from-the-page' }) });
    expect(text($(el, 'h1'))).to.equal('Later');
    expect(text($(el, '[part=server]'))).to.equal('from-the-page');
  });

  it('should leave the page as it is, and list the tools, when the console cannot say who the server is', async () => {
    const state = backend();
    state.special = (path) => (path === '/api/console' ? json({ error: 'Not found' }, 404) : undefined);
    const el = await openConsole({ offers: 'pending', server: JSON.stringify({ name: 'from-the-page' }) });
    expect(state.calls.some((call) => call.url.endsWith('/api/console'))).to.equal(true);
    expect(text($(el, 'h1'))).to.equal('from-the-page');
    expect(el.offers).to.equal('pending');
    expect($(el, 'tool-list')!.tools.map((tool) => tool.name)).to.deep.equal(['echo', 'add']);
  });
});
