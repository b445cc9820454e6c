// What <tool-result> keeps and forgets (issue 27): a revealed token and a copy's status last while the same call is
// shown and go when a newer result, error or request replaces it; a result's downloads stop working once it is replaced
// or the element leaves the page; without clipboard access, Copy selects the text for Ctrl+C instead.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ApiError } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { $, openTab, outcome, show, withClipboard } from './tool-result.helpers.js';

const withToken = { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' };
const request = { url: 'http://h/tools/a/call', method: 'POST' as const, headers: withToken, body: '{}' };

const curl = (el: ToolResult) => $(el, 'pre.curl')!.textContent!;
const status = (el: ToolResult) => $(el, '.copy-status')!.textContent!;

async function reveal(el: ToolResult): Promise<void> {
  $(el, 'input[type=checkbox]')!.click();
  await el.updateComplete;
  expect(curl(el)).to.contain('Bearer s3cret');
}

async function copied(el: ToolResult): Promise<void> {
  await withClipboard(async () => {
    $(el, 'button.copy')!.click();
    await waitUntil(() => status(el) === 'Copied.', 'Copy never said so');
  });
}

/** Runs `run` with a clipboard that refuses to be written, as on an http page or in a restrictive iframe. */
async function withoutClipboard(run: () => Promise<void>): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
  });
  try {
    await run();
  } finally {
    delete (navigator as unknown as Record<string, unknown>).clipboard;
    Object.defineProperty(Navigator.prototype, 'clipboard', original);
  }
}

/** Whether a blob: URL still gives its bytes. */
async function readable(url: string): Promise<boolean> {
  try {
    await (await fetch(url)).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

const download = (bytes: string) =>
  outcome({ content: [{ type: 'resource', resource: { uri: 'file:///data.bin', blob: btoa(bytes) } }] });

describe('<tool-result> when replaced', () => {
  it('should keep a revealed token while switching views, and hide it again for a newer result', async () => {
    const el = await show(outcome({ content: [] }, 200, 's3cret'));
    await openTab(el, 'cURL');
    await reveal(el);
    await openTab(el, 'Raw');
    await openTab(el, 'cURL');
    expect(curl(el)).to.contain('Bearer s3cret');
    el.outcome = outcome({ content: [] }, 200, 's3cret');
    await el.updateComplete;
    expect(curl(el)).to.contain('Bearer $TOKEN').and.not.to.contain('s3cret');
    expect(($(el, 'input[type=checkbox]') as HTMLInputElement).checked).to.equal(false);
  });

  it('should hide a revealed token again when a failed call’s error or request alone changes', async () => {
    const el = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(401, 'Unauthorized')} .request=${request}></tool-result>`,
    );
    await openTab(el, 'cURL');
    await reveal(el);
    el.error = new ApiError(401, 'Unauthorized again');
    await el.updateComplete;
    expect(curl(el)).not.to.contain('s3cret');
    await reveal(el);
    el.request = { ...request };
    await el.updateComplete;
    expect(curl(el)).not.to.contain('s3cret');
  });

  it('should clear “Copied.” when a newer result, error or request comes', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'one' }] }));
    await copied(el);
    el.outcome = outcome({ content: [{ type: 'text', text: 'two' }] });
    await el.updateComplete;
    expect(status(el)).to.equal('');

    const failed = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(401, 'Unauthorized')} .request=${request}></tool-result>`,
    );
    await openTab(failed, 'cURL');
    await copied(failed);
    failed.error = new ApiError(403, 'Forbidden');
    await failed.updateComplete;
    expect(status(failed)).to.equal('');
    await copied(failed);
    failed.request = { ...request };
    await failed.updateComplete;
    expect(status(failed)).to.equal('');
  });

  it('should download the exact bytes, until a newer result replaces the one offering them', async () => {
    const el = await show(download('first bytes'));
    const first = ($(el, 'a[download]') as HTMLAnchorElement).href;
    expect(await (await fetch(first)).text()).to.equal('first bytes');
    el.outcome = download('second bytes');
    await el.updateComplete;
    expect(await readable(first)).to.equal(false);
    const second = ($(el, 'a[download]') as HTMLAnchorElement).href;
    expect(await (await fetch(second)).text()).to.equal('second bytes');
  });

  it('should stop its downloads once it leaves the page', async () => {
    const el = await show(download('bytes'));
    const link = ($(el, 'a[download]') as HTMLAnchorElement).href;
    el.remove();
    expect(await readable(link)).to.equal(false);
  });

  it('should select the command alone for Ctrl+C when the clipboard refuses, and say so', async () => {
    // With a token the panel also holds a note on $TOKEN, which is no part of the command.
    const el = await show(outcome({ content: [] }, 200, 's3cret'));
    await openTab(el, 'cURL');
    await withoutClipboard(async () => {
      $(el, 'button.copy')!.click();
      await waitUntil(() => status(el) !== '', 'Copy said nothing');
    });
    expect(status(el)).to.equal('Selected: press Ctrl+C (⌘C) to copy.');
    expect(getSelection()!.toString()).to.equal(curl(el));
  });

  it('should select the Result tab’s items, not its Copy bar, when the clipboard refuses', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'the answer' }] }));
    await withoutClipboard(async () => {
      $(el, 'button.copy')!.click();
      await waitUntil(() => status(el) !== '', 'Copy said nothing');
    });
    const selected = getSelection()!.toString().trim();
    expect(selected).to.contain('the answer');
    expect(selected).not.to.contain('Copy');
    expect(selected).not.to.contain('Selected');
  });
});
