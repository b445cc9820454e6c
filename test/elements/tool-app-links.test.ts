// An app's links in <tool-app>: asked one at a time, opened only once the person agrees, declined when the view goes.
import { expect, waitUntil } from '@open-wc/testing';
import { appNumber } from './apps.helpers.js';
import { frameOf, mountView, textOf } from './tool-app.helpers.js';
import { recordingOpens } from './window-open.js';

const consentButton = (root: ShadowRoot, text: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('.consent button')].find((b) => b.textContent === text)!;

describe('<tool-app> links', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should ask about one link at a time, in the order the app asked', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    const root = view.shadowRoot!;
    await recordingOpens(async (opened) => {
      const first = app.request('ui/open-link', { url: 'https://example.com/first' });
      const second = app.request('ui/open-link', { url: 'https://example.com/second' });
      await waitUntil(() => root.querySelector('.consent'), 'no consent was asked');
      expect(textOf(view, '.consent .url')).to.equal('https://example.com/first');
      expect(root.querySelector('.consent')!.getAttribute('aria-label')).to.equal('Link request');
      consentButton(root, "Don't open").click();
      expect((await first).result!.isError).to.equal(true);
      await view.updateComplete;
      expect(textOf(view, '.consent .url')).to.equal('https://example.com/second');
      consentButton(root, 'Open link').click();
      expect((await second).result!.isError).to.equal(false);
      expect(opened).to.deep.equal([['https://example.com/second', '_blank', 'noopener,noreferrer']]);
      await view.updateComplete;
      expect(root.querySelector('.consent')).to.equal(null);
    });
  });

  it('should decline the link it is asking about when it closes, and any asked while it closes', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    const pending = app.request('ui/open-link', { url: 'https://example.com/pending' });
    await waitUntil(() => view.shadowRoot!.querySelector('.consent'), 'no consent was asked');
    const closed = view.close();
    // Posted before the app hears of the teardown: it reaches the page while the view closes.
    const late = app.request('ui/open-link', { url: 'https://example.com/late' });
    expect((await pending).result!.isError).to.equal(true);
    expect((await late).result!.isError).to.equal(true);
    await closed;
    await view.updateComplete;
    expect(view.shadowRoot!.textContent).not.to.contain('https://example.com/late');
  });
});
