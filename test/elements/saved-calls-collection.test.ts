import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { SavedCalls } from '../../elements/saved-calls/saved-calls.js';
import {
  ECHO,
  api,
  backend,
  button,
  choose,
  collectionFile,
  mount,
  names,
  press,
  root,
  row,
  save,
  stored,
  text,
  type,
  type Backend,
} from './saved-calls.helpers.js';

/** The browser's own fetch, for the export link's blob: URL (the stub stands in for the backend only). */
const browserFetch = window.fetch.bind(window);
const exportHref = (saved: SavedCalls) => root(saved).querySelector<HTMLAnchorElement>('a[download]')?.href;
const verdict = (saved: SavedCalls, name: string) =>
  row(saved, name).querySelector('.verdict')?.textContent?.replace(/\s+/g, ' ').trim();
const colorOf = (saved: SavedCalls, name: string) =>
  getComputedStyle(row(saved, name).querySelector('.verdict')!).color;
const toCall = (server: Backend) => server.calls.filter((c) => c.url.endsWith('/call'));

describe('<saved-calls> the collection', () => {
  let server: Backend;
  beforeEach(() => {
    localStorage.clear();
    server = backend();
  });
  afterEach(() => localStorage.clear());

  it('should list each call by its name and tool, and run it with its line drawn while it runs', async () => {
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({ text: 'hi' }) });
    await save(saved, 'greet');
    expect(row(saved, 'greet').textContent).to.contain('greet');
    expect(row(saved, 'greet').querySelector('code.tool')!.textContent).to.equal('echo');

    server.hold();
    button(saved, 'Run', row(saved, 'greet')).click();
    await waitUntil(() => toCall(server).length === 1, 'the call is sent');
    await saved.updateComplete;
    expect(verdict(saved, 'greet')).to.equal('running…');
    expect(button(saved, 'Run', row(saved, 'greet')).disabled, 'no second run while one runs').to.equal(true);
    const running = colorOf(saved, 'greet');
    server.release();
    await waitUntil(() => verdict(saved, 'greet') === 'passed', 'the verdict is shown');
    expect(button(saved, 'Run', row(saved, 'greet')).disabled).to.equal(false);
    expect(colorOf(saved, 'greet'), 'passed is drawn unlike running').not.to.equal(running);
    expect(toCall(server)[0].body).to.deep.equal({ text: 'hi' });
  });

  it('should draw a failed line unlike a passed one, and clear the last summary as Run all starts again', async () => {
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({ text: 'hi' }) });
    await save(saved, 'good');
    await press(saved, 'Save call');
    await type(saved, 'form.save input[name=name]', 'bad');
    await type(saved, 'form.save input[name=pointer]', '/content/0/text');
    await type(saved, 'form.save input[name=value]', 'bye');
    await press(saved, 'Save', root(saved).querySelector('form.save')!);

    await press(saved, 'Run all');
    await waitUntil(() => text(saved, '[part=summary]'), 'the summary is shown');
    expect(text(saved, '[part=summary]')).to.equal('2 calls: 1 passed, 1 failed, 0 isError, 0 not run');
    expect(verdict(saved, 'bad')).to.equal('failed expectation: /content/0/text: expected "bye", got "hi"');
    expect(colorOf(saved, 'bad')).not.to.equal(colorOf(saved, 'good'));

    server.hold();
    await press(saved, 'Run all');
    await waitUntil(() => toCall(server).length === 3, 'the second run starts');
    await saved.updateComplete;
    expect(text(saved, '[part=summary]'), 'the old summary goes').to.equal(undefined);
    expect(verdict(saved, 'good')).to.equal('running…');
    expect(verdict(saved, 'bad'), 'not run yet').to.equal(undefined);
    server.release();
    await waitUntil(() => text(saved, '[part=summary]'), 'the summary is back');
  });

  it('should send Open to the embedding page, across shadow roots, with a copy of the arguments', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const shadow = host.attachShadow({ mode: 'open' });
    const saved = document.createElement('saved-calls');
    saved.api = api();
    saved.tool = ECHO;
    saved.formArguments = () => ({ text: 'hi', list: [1] });
    shadow.append(saved);
    await saved.updateComplete;
    await save(saved, 'open me');
    const opened: CustomEvent[] = [];
    host.addEventListener('tool-open', (event) => opened.push(event as CustomEvent));
    await press(saved, 'Open', row(saved, 'open me'));
    expect(opened.map((event) => event.detail)).to.deep.equal([{ name: 'echo', arguments: { text: 'hi', list: [1] } }]);
    opened[0].detail.arguments.list.push(2);
    expect(stored()!.calls[0].arguments).to.deep.equal({ text: 'hi', list: [1] });
  });

  it('should rename a call (trimmed), say where a taken name is wrong, and keep the rename until it is right', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'first');
    await save(saved, 'second');
    await press(saved, 'Rename', row(saved, 'first'));
    const form = () => row(saved, 'first').querySelector('form')!;
    expect(form().querySelector('input')!.value).to.equal('first');
    form().querySelector('input')!.value = 'second';
    await press(saved, 'Rename', form());
    expect(text(saved, '[role=alert]')).to.equal('calls/1/name: "second" is already the name of calls/0');
    expect(form(), 'still renaming').to.exist;
    expect(names(saved)).to.deep.equal(['first', 'second']);

    form().querySelector('input')!.value = '  renamed  ';
    await press(saved, 'Rename', form());
    expect(text(saved, '[role=alert]')).to.equal(undefined);
    expect(names(saved)).to.deep.equal(['renamed', 'second']);
    expect(row(saved, 'renamed').querySelector('form')?.outerHTML, 'done renaming').to.equal(undefined);
    expect(stored()!.calls.map((call) => call.name)).to.deep.equal(['renamed', 'second']);
  });

  it('should delete a call, say so, and take the export link away with the last one', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'gone');
    expect(exportHref(saved)).to.match(/^blob:/);
    await press(saved, 'Delete', row(saved, 'gone'));
    expect(text(saved, '.notice')).to.equal('Deleted “gone”.');
    expect(names(saved)).to.deep.equal([]);
    expect(text(saved, 'summary')).to.equal('Saved calls (0)');
    expect(text(saved, 'a[download]')).to.equal(undefined);
    expect(button(saved, 'Run all').disabled).to.equal(true);
    expect(stored()!.calls).to.deep.equal([]);
  });

  it('should export JSON, keep a link valid until the collection changes, then revoke it', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'one');
    const first = exportHref(saved)!;
    const answer = await browserFetch(first);
    expect(answer.headers.get('Content-Type')).to.equal('application/json');
    expect((await answer.json()).calls.map((call: { name: string }) => call.name)).to.deep.equal(['one']);
    await press(saved, 'Save call');
    await press(saved, 'Cancel');
    expect(exportHref(saved), 'nothing changed: the same link').to.equal(first);
    expect((await browserFetch(first)).ok).to.equal(true);
    await save(saved, 'two');
    expect(exportHref(saved)).not.to.equal(first);
    let revoked = false;
    await browserFetch(first).catch(() => (revoked = true));
    expect(revoked, 'the old link is revoked').to.equal(true);
  });

  it('should stop its runs and revoke its export link when taken off the page', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'long');
    const href = exportHref(saved)!;
    server.hold();
    await press(saved, 'Run', row(saved, 'long'));
    await waitUntil(() => toCall(server).length === 1, 'the call is sent');
    saved.remove();
    expect(toCall(server)[0].signal!.aborted, 'the request is aborted').to.equal(true);
    let revoked = false;
    await browserFetch(href).catch(() => (revoked = true));
    expect(revoked).to.equal(true);
    await waitUntil(() => verdict(saved, 'long') === 'not run: stopped', 'the run says it was stopped');
  });

  it('should offer the export link again when put back on the page', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'kept');
    const parent = saved.parentElement!;
    saved.remove();
    parent.append(saved);
    await saved.updateComplete;
    const href = exportHref(saved);
    expect(href ?? 'none', 'an export link').to.match(/^blob:/);
    expect((await (await browserFetch(href!)).json()).calls.map((call: { name: string }) => call.name)).to.deep.equal([
      'kept',
    ]);
  });

  it('should run what it imported without a backend as not run, and keep it for the page only', async () => {
    const saved = await mount();
    expect(text(saved, 'summary')).to.equal('Saved calls (0)');
    await choose(saved, collectionFile('one.json', [{ name: 'a', tool: 'echo', arguments: {} }]));
    expect(text(saved, '.notice')).to.equal('Imported 1 call from one.json.');
    expect(names(saved)).to.deep.equal(['a']);
    await press(saved, 'Run all');
    await waitUntil(() => text(saved, '[part=summary]'), 'the summary is shown');
    expect(verdict(saved, 'a')).to.equal('not run: no backend');
    expect(text(saved, '[part=summary]')).to.equal('1 call: 0 passed, 0 failed, 0 isError, 1 not run');
    expect(server.calls).to.deep.equal([]);
  });

  it('should replace the collection on import, clearing the last run, its summary and an earlier refusal', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'old');
    await press(saved, 'Run all');
    await waitUntil(() => text(saved, '[part=summary]'), 'the summary is shown');
    await choose(saved, new File(['{"version": 2}'], 'bad.json'));
    expect(text(saved, '[role=alert]')).to.contain('bad.json is not a collection of calls:');
    await choose(
      saved,
      collectionFile('two.json', [
        { name: 'old', tool: 'echo', arguments: { text: 'x' } },
        { name: 'b', tool: 'echo', arguments: {} },
      ]),
    );
    expect(text(saved, '.notice')).to.equal('Imported 2 calls from two.json.');
    expect(text(saved, '[role=alert]')).to.equal(undefined);
    expect(text(saved, '[part=summary]')).to.equal(undefined);
    expect(verdict(saved, 'old'), 'the verdict of the call it replaced goes').to.equal(undefined);
    expect(stored()!.calls.map((call) => call.name)).to.deep.equal(['old', 'b']);
  });

  it('should say a file that cannot be read, and do nothing when the dialog is cancelled', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'kept');
    await press(saved, 'Save call');
    await press(saved, 'Cancel');
    const rejections: unknown[] = [];
    const record = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', record);
    await choose(saved, undefined);
    // A rejection is reported once the task that made it ends: one more task turn lets it arrive.
    await new Promise((resolve) => setTimeout(resolve));
    window.removeEventListener('unhandledrejection', record);
    expect(rejections.map(String), 'no error for the page to catch').to.deep.equal([]);
    expect(text(saved, '[role=alert]')).to.equal(undefined);
    expect(text(saved, '.notice')).to.equal('Saved “kept”.');

    const read = File.prototype.text;
    File.prototype.text = () => Promise.reject(new DOMException('The file is gone.', 'NotReadableError'));
    try {
      await choose(saved, collectionFile('lost.json', []));
    } finally {
      File.prototype.text = read;
    }
    expect(text(saved, '[role=alert]')).to.equal('lost.json could not be read: The file is gone.');
    expect(names(saved)).to.deep.equal(['kept']);
  });
});
