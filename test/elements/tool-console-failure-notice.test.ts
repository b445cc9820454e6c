// What <tool-console> says when the backend does not give it what it asked for: the list or a tool's detail (a
// sentence naming what failed and why, with Retry; a tool that does not exist has nothing to retry), a call no server
// answered (Retry, which a call the server answered does not get), and a server that refuses to run tools (403).
import { expect, waitUntil } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { json } from './fetch-stub.js';
import { $, backend, button, cleanPage, openConsole, pick, run, text } from './tool-console.helpers.js';

const NO_ANSWER = 'the server did not answer. Check that it is running and reachable from this page.';
const down = () => {
  throw new TypeError('Failed to fetch');
};
const retry = (el: ToolConsole) => $(el, '.call-failure button');

describe('<tool-console> failures', () => {
  cleanPage();

  it('should say that the tools could not be loaded from where, with the reason the backend gave', async () => {
    const state = backend();
    state.special = (path) => (path === '/api/tools' ? json({ error: 'Spawn failed' }, 502) : undefined);
    const el = await openConsole();
    const alert = $(el, 'nav [role=alert]')!;
    expect(text(alert.querySelector('p'))).to.equal(
      `Loading the tools from ${location.origin}/api/tools failed: Spawn failed`,
    );
    state.special = (path) => (path === '/api/tools' ? down() : undefined);
    button(alert, 'Retry').click();
    await settle(el);
    expect(text($(el, 'nav [role=alert] p'))).to.equal(
      `Loading the tools from ${location.origin}/api/tools failed: ${NO_ANSWER}`,
    );
  });

  it("should say why a tool's detail could not be loaded, and show the tool on Retry", async () => {
    const state = backend();
    let failing = true;
    state.special = (path) => (path === '/api/tools/echo' && failing ? json({ error: 'Busy' }, 500) : undefined);
    const el = await openConsole();
    await pick(el, 'echo');
    const alert = $(el, 'main [role=alert]')!;
    expect(text(alert.querySelector('p'))).to.equal('Loading echo failed: Busy');
    failing = false;
    button(alert, 'Retry').click();
    await settle(el);
    expect([text($(el, '#tool-title')), text($(el, 'main [role=alert]'))]).to.deep.equal(['echo', undefined]);
  });

  it('should offer no Retry for a tool the server does not have', async () => {
    backend();
    history.replaceState(null, '', '#tool=gone');
    const el = await openConsole();
    const alert = $(el, 'main [role=alert]')!;
    expect(text(alert)).to.equal('No tool named “gone” on this server.');
    expect(alert.querySelectorAll('button').length).to.equal(0);
  });

  it('should offer Retry for a call no server answered, and none for a call the server answered', async () => {
    const state = backend();
    const el = await openConsole();
    await pick(el, 'echo');
    state.call = down;
    await run(el, {});
    expect(text(retry(el))).to.equal('Retry');
    for (const status of [500, 400, 404]) {
      state.call = () => json({ error: 'No' }, status);
      await run(el, {});
      expect(text(retry(el)), `HTTP ${status}`).to.equal(undefined);
    }
    state.call = () => json({ content: [] });
    await run(el, {});
    expect(text(retry(el))).to.equal(undefined);
  });

  it('should say that the server refuses to run tools (403), and stop offering Execute for every tool', async () => {
    const state = backend();
    state.call = () => json({ error: 'Execution is disabled' }, 403);
    const el = await openConsole();
    await pick(el, 'echo');
    expect(text($(el, '.banner'))).to.equal(undefined);
    await run(el, {});
    expect(text($(el, '.banner[role=status]'))).to.equal(
      'The server refused to run tools (HTTP 403): execution is disabled there.',
    );
    expect($(el, 'tool-form')!.allowExecute).to.equal(false);
    expect(text(retry(el))).to.equal(undefined);
    await pick(el, 'add');
    expect([text($(el, '.banner')) !== undefined, $(el, 'tool-form')!.allowExecute]).to.deep.equal([true, false]);
  });

  it('should still offer the cURL command of a call no server answered', async () => {
    const state = backend();
    state.call = down;
    const el = await openConsole();
    await pick(el, 'echo');
    await run(el, { text: 'hi' });
    await waitUntil(() => $(el, 'tool-result'), 'the failure is shown');
    const result = $(el, 'tool-result')!;
    await result.updateComplete;
    const tabs = [...result.shadowRoot!.querySelectorAll('[role=tab]')].map((tab) => text(tab));
    expect(tabs).to.deep.equal(['Result', 'Raw', 'cURL']);
  });
});
