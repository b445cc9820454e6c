// Where <tool-console> puts a call's end: on a form longer than the pane, the result is scrolled into view when the
// call answers or fails, and left where it is when the user cancelled it (they are looking at the form, where Execute
// holds the focus).
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { json } from './fetch-stub.js';
import { $, backend, cleanPage, run } from './tool-console.helpers.js';

/** A tool with a form taller than a 400px console. */
const LONG: ToolDetail = {
  name: 'long',
  description: 'Many fields',
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`field${n}`, { type: 'string' }])),
  },
};

async function open(): Promise<ToolConsole> {
  history.replaceState(null, '', '#tool=long');
  const el = await fixture<ToolConsole>(
    html`<tool-console src="/api/tools" style="--tool-console-height: 400px"></tool-console>`,
  );
  await settle(el);
  return el;
}

/** Whether the result's heading is inside the detail pane's visible part. */
function resultInView(el: ToolConsole): boolean {
  const pane = $(el, 'main')!.getBoundingClientRect();
  const title = $(el, '#result-title')?.getBoundingClientRect();
  return !!title && title.top >= pane.top && title.bottom <= pane.bottom;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Waits until `pane` has stopped scrolling: the same position two frames running. */
async function scrollSettled(pane: HTMLElement): Promise<void> {
  let last = -1;
  while (pane.scrollTop !== last) {
    last = pane.scrollTop;
    await frame();
    await frame();
  }
}

describe('<tool-console> the result brought into view', () => {
  cleanPage();

  it('should scroll the result into view when the call answers, no further than needed', async () => {
    backend([LONG]);
    const el = await open();
    expect($(el, 'main')!.scrollTop).to.equal(0);
    await run(el, {});
    await waitUntil(() => resultInView(el), 'the result is scrolled into view');
    await scrollSettled($(el, 'main')!);
    // Its heading at the bottom of the pane: the form above stays in view as far as it can.
    const pane = $(el, 'main')!.getBoundingClientRect();
    expect(Math.round(pane.bottom - $(el, '#result-title')!.getBoundingClientRect().bottom)).to.equal(0);
  });

  it('should scroll the result of a failed call into view too', async () => {
    const state = backend([LONG]);
    state.call = () => json({ error: 'No server' }, 502);
    const el = await open();
    await run(el, {});
    await waitUntil(() => resultInView(el), 'the failure is scrolled into view');
  });

  it('should leave the pane where it is when the user cancels the call', async () => {
    const state = backend([LONG]);
    state.call = () => new Promise<Response>(() => {});
    const el = await open();
    const form = $(el, 'tool-form')!;
    const started = oneEvent(el, 'tool-call-start');
    void form.execute();
    await started;
    await el.updateComplete;
    await form.updateComplete;
    const ended = oneEvent(el, 'tool-call-end');
    form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="cancel"]')!.click();
    await ended;
    await el.updateComplete;
    // Where the form left it (Execute kept the focus); a smooth scroll would have moved it within a few frames.
    const left = $(el, 'main')!.scrollTop;
    for (let n = 0; n < 4; n++) await frame();
    expect([$(el, 'main')!.scrollTop, resultInView(el)]).to.deep.equal([left, false]);
  });
});
