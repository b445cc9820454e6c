// The URL hash <tool-console> reads and writes: `#tool=<name>` percent-encoded. Picking a tool adds one history
// entry (none when it is already the one in the URL), back and forward open what each entry names, and a hash that
// names no tool (another kind, a malformed encoding, something else) leaves the console as it is.
import { expect, oneEvent } from '@open-wc/testing';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { $, backend, cleanPage, openConsole, pick, text } from './tool-console.helpers.js';

const title = (el: ToolConsole) => text($(el, '#tool-title'));
const asked = (calls: { url: string }[], path: string) => calls.filter((call) => new URL(call.url).pathname === path);

/**
 * Moves through the session history as the browser's Back and Forward do, and waits for the console to follow (the
 * history's length says nothing here: a browser caps it, and the test pages share one tab).
 */
async function go(el: ToolConsole, delta: number, event: 'hashchange' | 'popstate' = 'hashchange'): Promise<void> {
  const changed = oneEvent(window, event);
  history.go(delta);
  await changed;
  await settle(el);
}

/** Sets the hash as a pasted link does. */
async function follow(el: ToolConsole, hash: string): Promise<void> {
  const changed = oneEvent(window, 'hashchange');
  location.hash = hash;
  await changed;
  await settle(el);
}

describe('<tool-console> deep links', () => {
  cleanPage();

  it('should walk back and forward through the tools picked, one history entry each', async () => {
    backend();
    const el = await openConsole();
    await pick(el, 'echo');
    await pick(el, 'add');
    expect(location.hash).to.equal('#tool=add');
    await go(el, -1);
    expect([title(el), $(el, 'tool-list')!.selected]).to.deep.equal(['echo', 'echo']);
    await go(el, 1);
    expect([title(el), $(el, 'tool-list')!.selected]).to.deep.equal(['add', 'add']);
    await go(el, -2);
    expect(location.hash).to.equal('');
  });

  it('should add no history entry for picking the tool already in the URL', async () => {
    backend();
    const el = await openConsole();
    await pick(el, 'echo');
    await pick(el, 'echo');
    expect([title(el), location.hash]).to.deep.equal(['echo', '#tool=echo']);
    // One step back is the page before the tool was first picked.
    await go(el, -1, 'popstate');
    expect(location.hash).to.equal('');
  });

  it('should keep the open tool when the hash names something else', async () => {
    const { calls } = backend();
    const el = await openConsole();
    await pick(el, 'echo');
    for (const hash of ['#prompt=add', '#tools=add', '#xtool=add', '#tool=%E0%A4%A', '#other']) {
      await follow(el, hash);
      expect(title(el), hash).to.equal('echo');
    }
    expect(asked(calls, '/api/tools/add')).to.deep.equal([]);
  });

  it('should show the intro for a link with a malformed encoding', async () => {
    const { calls } = backend();
    history.replaceState(null, '', '#tool=%E0%A4%A');
    const el = await openConsole();
    expect(text($(el, '.intro h2'))).to.equal('Pick a tool');
    expect(calls.map((call) => new URL(call.url).pathname)).to.deep.equal(['/api/tools']);
  });

  it('should stop following the URL once off the page', async () => {
    const { calls } = backend();
    const el = await openConsole();
    el.remove();
    await follow(el, '#tool=add');
    expect(asked(calls, '/api/tools/add')).to.deep.equal([]);
    expect(el.selected).to.equal('');
  });
});
