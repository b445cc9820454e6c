// What the person reads of an app in <tool-app>: its messages and context updates (no model listens here), the links
// it could not open, and its log lines as events for the console's log.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { appNumber } from './apps.helpers.js';
import { frameOf, mountView } from './tool-app.helpers.js';
import type { ToolApp } from '../../elements/tool-app/tool-app.js';

const notes = (view: ToolApp) =>
  [...view.shadowRoot!.querySelectorAll('.note')].map((note) => ({
    kind: note.className.replace('note ', ''),
    title: note.querySelector('p')!.textContent,
    text: note.querySelector('pre')!.textContent,
  }));

describe('<tool-app> notes', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should keep the latest five messages, and only the latest context beside them', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    for (let n = 1; n <= 6; n++)
      await app.request('ui/message', { role: 'user', content: [{ type: 'text', text: `m${n}` }] });
    await app.request('ui/update-model-context', { content: [{ type: 'text', text: 'first context' }] });
    await app.request('ui/update-model-context', { content: [{ type: 'text', text: 'second context' }] });
    await view.updateComplete;
    // The first context went when the second came; the oldest messages went to keep five notes.
    expect(notes(view)).to.deep.equal([
      ...['m3', 'm4', 'm5', 'm6'].map((text) => ({
        kind: 'message',
        title: 'The app sent a message; no model is listening here:',
        text,
      })),
      {
        kind: 'context',
        title: "The app updated the model's context; no model is listening here:",
        text: 'second context',
      },
    ]);
    await app.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'm7' }] });
    await app.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'm8' }] });
    await view.updateComplete;
    expect(notes(view).map((note) => note.text)).to.deep.equal(['m5', 'm6', 'second context', 'm7', 'm8']);
    await expect(view).shadowDom.to.be.accessible();
  });

  it('should name a link it refused, as text', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    const answer = await app.request('ui/open-link', { url: 'file:///etc/passwd' });
    expect(answer.result!.isError).to.equal(true);
    await view.updateComplete;
    expect(notes(view)).to.deep.equal([
      {
        kind: 'refused',
        title: 'The app asked to open a link that is not http or https; it was not opened:',
        text: 'file:///etc/passwd',
      },
    ]);
  });

  it("should pass a log line on with the tool's name as its logger, and the app's after it", async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    let logged = oneEvent(view, 'tool-app-log');
    app.notify('notifications/message', { level: 'info', data: { n: 1 } });
    expect((await logged).detail).to.deep.equal({ level: 'info', logger: 'clock UI', data: { n: 1 } });
    logged = oneEvent(view, 'tool-app-log');
    app.notify('notifications/message', { level: 'error', logger: 'ticker', data: 'late' });
    const event = await logged;
    expect(event.detail).to.deep.equal({ level: 'error', logger: 'clock UI: ticker', data: 'late' });
    expect(event.bubbles && event.composed).to.equal(true);
  });
});
