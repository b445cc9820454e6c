// The page's side of one app's conversation (AppSession, through <tool-app>): a context that changed before the app
// initialized reaches it once it has, a repeated `initialized` changes nothing, and an app that never started is not
// waited for when the view goes.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { appNumber, heard, type TestApp } from './apps.helpers.js';
import { frameOf, heldRead, mountView } from './tool-app.helpers.js';

const changes = (app: TestApp) =>
  app.received.filter((message) => message.method === 'ui/notifications/host-context-changed').map((m) => m.params);

describe('<tool-app> session', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should tell an app the mode it went to before it initialized, once it has', async () => {
    const { view } = await mountView();
    await frameOf(view);
    // The frame is in the page but its proxy has not even loaded: the app cannot have initialized yet.
    expect(window.testApps).to.have.length(0);
    [...view.shadowRoot!.querySelectorAll<HTMLButtonElement>('.bar button')]
      .find((b) => b.textContent!.trim() === 'Full screen')!
      .click();
    const app = await appNumber(0);
    const { result } = await app.initialized;
    expect((result!.hostContext as { displayMode: string }).displayMode).to.equal('inline');
    await waitUntil(() => changes(app).length > 0, 'the app never heard it went full screen');
    expect(changes(app)[0]!.displayMode).to.equal('fullscreen');
  });

  it('should send the arguments and the end once, however often the app says it initialized', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    await waitUntil(() => heard(app).includes('ui/notifications/tool-input'), 'the app never got its input');
    app.notify('ui/notifications/initialized', {});
    view.call = { ...view.call!, status: 'cancelled' };
    await waitUntil(() => heard(app).includes('ui/notifications/tool-cancelled'), 'the app never heard the end');
    app.notify('ui/notifications/initialized', {});
    // A round trip: anything the page posted before its answer has arrived by then.
    await app.request('ui/message', { role: 'user', content: [] });
    expect(heard(app).filter((method) => method.startsWith('ui/notifications/tool-'))).to.deep.equal([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
      'ui/notifications/tool-cancelled',
    ]);
  });

  it('should tell an app that is going nothing more of its call or its mode', async () => {
    const { view } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    await waitUntil(() => heard(app).includes('ui/notifications/tool-input'), 'the app never got its input');
    const closed = view.close();
    view.call = { ...view.call!, status: 'cancelled' };
    await view.updateComplete;
    [...view.shadowRoot!.querySelectorAll<HTMLButtonElement>('.bar button')]
      .find((b) => b.textContent!.trim() === 'Full screen')!
      .click();
    await view.updateComplete;
    await closed;
    expect(heard(app)).to.include('ui/resource-teardown');
    expect(heard(app)).not.to.include('ui/notifications/tool-cancelled');
    expect(heard(app)).not.to.include('ui/notifications/host-context-changed');
  });

  it('should start an app in the theme of the moment, even one that changed while it was read', async () => {
    const { answer, release } = heldRead();
    const { view } = await mountView({ answer });
    const errors: unknown[] = [];
    const recordError = (event: ErrorEvent) => errors.push(event.error);
    addEventListener('error', recordError);
    try {
      const changed = oneEvent(matchMedia('(prefers-color-scheme: dark)'), 'change');
      await emulateMedia({ colorScheme: 'dark' });
      // The change reaches the view before it has an app to tell: nothing breaks.
      await changed;
      await new Promise(requestAnimationFrame);
      expect(errors).to.deep.equal([]);
      release();
      await frameOf(view);
      const { result } = await (await appNumber(0)).initialized;
      expect((result!.hostContext as { theme: string }).theme).to.equal('dark');
    } finally {
      removeEventListener('error', recordError);
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it("should abort the app's requests to the backend when the view leaves the page", async () => {
    const { view, state } = await mountView();
    await frameOf(view);
    const app = await appNumber(0);
    // The fake backend holds every clock call until it is released: this one is still out when the view goes.
    void app.request('tools/call', { name: 'clock', arguments: {} });
    await waitUntil(() => state.calls.some((call) => call.url.endsWith('/api/tools/clock/call')), 'no call went out');
    const call = state.calls.find((c) => c.url.endsWith('/api/tools/clock/call'))!;
    expect(call.signal!.aborted).to.equal(false);
    view.remove();
    expect(call.signal!.aborted).to.equal(true);
  });

  it('should not wait for an answer to teardown from an app that never started', async () => {
    const { ToolApp } = await import('../../elements/tool-app/tool-app.js');
    const wait = ToolApp.sandboxWaitMs;
    ToolApp.sandboxWaitMs = 100;
    try {
      const { view } = await mountView({ sandbox: '/test/elements/fixtures/silent-sandbox.html' });
      await waitUntil(() => view.shadowRoot!.querySelector('[role=alert]'), 'the silent sandbox was not reported');
      const started = performance.now();
      await view.close();
      // An app that was running gets up to 3 seconds to answer; one that never started gets none.
      expect(performance.now() - started).to.be.below(1000);
    } finally {
      ToolApp.sandboxWaitMs = wait;
    }
  });
});
