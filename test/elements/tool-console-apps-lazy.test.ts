// When the tool UI host loads (issue 13): only when a tool with an interface is run, never for other tools, and not
// at all when the console has no sandbox origin. One file of its own: once loaded, a module stays loaded for the page.
import { expect, waitUntil } from '@open-wc/testing';
import { stubFetch } from './fetch-stub.js';
import { APP_URI, appNumber, backend, heard, openConsole, pick, run, shownView, views } from './apps.helpers.js';

/** Whether the page has fetched the app host's module (elements/tool-app/tool-app.ts, a chunk in the built page). */
const hostFetched = () =>
  performance.getEntriesByType('resource').some((entry) => /\/elements\/tool-app\/tool-app\.ts/.test(entry.name));

describe('<tool-console> tool UI loading', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should say that a console without a sandbox origin cannot show a tool UI, and load nothing for it', async () => {
    const { answer, state } = backend();
    stubFetch(answer);
    const el = await openConsole('');
    await pick(el, 'clock');
    state.release();
    await run(el, { zone: 'UTC' });
    await waitUntil(() => el.shadowRoot!.querySelector('tool-result'), 'the call never ended');
    expect(el.shadowRoot!.textContent).to.contain('serves no sandbox origin');
    expect(views(el)).to.have.length(0);
    expect(state.calls.some((call) => call.url.endsWith('/resources/read'))).to.equal(false);
  });

  it('should load the app host only when a tool with its own interface runs, and show it under the result', async () => {
    const { answer, state } = backend();
    stubFetch(answer);
    const el = await openConsole();
    await pick(el, 'clock');
    expect(el.shadowRoot!.querySelector('.badge.ui')!.textContent!.trim()).to.equal('UI');
    await pick(el, 'echo');
    await run(el, { text: 'hi' });
    await waitUntil(() => el.shadowRoot!.querySelector('tool-result'), 'the echo call never ended');
    expect(views(el), 'a tool without a UI shows none').to.have.length(0);
    expect(customElements.get('tool-app'), 'loaded before a tool with a UI ran').to.equal(undefined);
    expect(hostFetched()).to.equal(false);

    await pick(el, 'clock');
    expect(customElements.get('tool-app'), 'loaded when the tool was only opened').to.equal(undefined);
    await run(el, { zone: 'UTC' });
    const view = await shownView(el);
    expect(customElements.get('tool-app')).not.to.equal(undefined);
    expect(hostFetched()).to.equal(true);
    // Under the call's result card, in the page's main column.
    const card = el.shadowRoot!.querySelector('#result-title')!.closest('section')!;
    expect(card.compareDocumentPosition(view) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    const read = state.calls.find((call) => call.url.endsWith('/api/resources/read'))!;
    expect(read.body).to.deep.equal({ uri: APP_URI });
    expect((read.init!.headers as Record<string, string>)['Tool-Caller']).to.equal(undefined);
    const app = await appNumber(0);
    state.release();
    await waitUntil(() => heard(app).includes('ui/notifications/tool-result'), 'the result never reached the app');
  });
});
