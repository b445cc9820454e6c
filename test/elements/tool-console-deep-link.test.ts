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
 * What Back and Forward do to the page: the URL becomes the entry's and `hashchange` fires. (Real traversal is left
 * out: the test pages share one tab, and going back can leave the page.)
 */
async function traverse(el: ToolConsole, hash: string): Promise<void> {
  history.replaceState(null, '', hash);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
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

  it('should walk back and forward through the tools picked', async () => {
    backend();
    const el = await openConsole();
    await pick(el, 'echo');
    await pick(el, 'add');
    expect(location.hash).to.equal('#tool=add');
    await traverse(el, '#tool=echo');
    expect([title(el), $(el, 'tool-list')!.selected]).to.deep.equal(['echo', 'echo']);
    await traverse(el, '#tool=add');
    expect([title(el), $(el, 'tool-list')!.selected]).to.deep.equal(['add', 'add']);
  });

  it('should add a history entry for each tool picked, and none for the tool already in the URL', async () => {
    backend();
    const el = await openConsole();
    // An entry's state is its own: a new entry has none of the state marked here.
    history.replaceState({ before: true }, '', location.href);
    await pick(el, 'echo');
    expect([location.hash, history.state]).to.deep.equal(['#tool=echo', null]);
    history.replaceState({ picked: 'echo' }, '', location.href);
    await pick(el, 'echo');
    expect([title(el), location.hash, history.state]).to.deep.equal(['echo', '#tool=echo', { picked: 'echo' }]);
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
