// A tool's own interface in the console (issue 13, MCP Apps host side), against the test app over the same-origin
// sandbox proxy stand-in: the handshake and what the app hears of its call, what it may ask of the page, and how the
// view goes away.
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { ToolApp } from '../../elements/tool-app/tool-app.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { stubFetch } from './fetch-stub.js';
import {
  APP_URI,
  SANDBOX,
  SIGNED_POLICY,
  appNumber,
  backend,
  heard,
  openConsole,
  pick,
  run,
  shownView,
  views,
  type Backend,
  type TestApp,
} from './apps.helpers.js';
import { recordingOpens } from './window-open.js';

let state: Backend;

/** The console with the clock tool run with `args`: its view shown and its app initialized. */
async function started(args: Record<string, unknown> = { zone: 'UTC' }): Promise<{ el: ToolConsole; app: TestApp }> {
  const el = await openConsole();
  await pick(el, 'clock');
  await run(el, args);
  await shownView(el);
  return { el, app: await appNumber(0) };
}

const viewRoot = (el: ToolConsole) => views(el)[0].shadowRoot!;
const headerOf = (name: string) => (call: { init?: RequestInit }) =>
  (call.init?.headers as Record<string, string> | undefined)?.[name];

describe('<tool-console> tool UIs', () => {
  beforeEach(async () => {
    window.testApps = [];
    await emulateMedia({ colorScheme: 'light' });
    const fake = backend();
    state = fake.state;
    stubFetch(fake.answer);
  });
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('should close the view, and never hand the app over again, when its sandbox proxy reloads', async () => {
    const { el } = await started();
    // What an app can do to its proxy (same origin): load it again, hoping to be handed its HTML there.
    viewRoot(el).querySelector('iframe')!.contentWindow!.location.reload();
    await waitUntil(() => viewRoot(el).querySelector('[role="alert"]')?.textContent?.includes('reloaded its sandbox'));
    expect(viewRoot(el).querySelector('iframe')).to.equal(null);
    expect(window.testApps).to.have.length(1);
  });

  it('should serve the app in the sandbox frame with its CSP and permissions as applied, and say so to the app', async () => {
    const { el, app } = await started();
    const frame = viewRoot(el).querySelector('iframe')!;
    const src = new URL(frame.src);
    expect(src.pathname).to.equal(SANDBOX);
    // The sandbox page gets the policy the console signed, nothing the page or the app wrote.
    expect(src.searchParams.get('policy')).to.equal(SIGNED_POLICY);
    expect(src.searchParams.has('csp')).to.equal(false);
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin allow-forms');
    expect(frame.getAttribute('allow')).to.equal('clipboard-write');
    const { result } = await app.initialized;
    const capabilities = result!.hostCapabilities as Record<string, unknown>;
    expect(capabilities.sandbox).to.deep.equal({
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: { clipboardWrite: {} },
    });
    for (const key of ['openLinks', 'serverTools', 'serverResources', 'logging'])
      expect(capabilities).to.have.property(key);
    const context = result!.hostContext as Record<string, unknown>;
    expect(context).to.include({ theme: 'light', displayMode: 'inline', platform: 'web', locale: navigator.language });
    expect(context.availableDisplayModes).to.deep.equal(['inline', 'fullscreen']);
    expect(context.timeZone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((context.toolInfo as { tool: { name: string } }).tool.name).to.equal('clock');
    await expect(views(el)[0]).shadowDom.to.be.accessible();
  });

  it('should send the arguments exactly once after the app initialized, then the result', async () => {
    const { app } = await started({ zone: 'Europe/Paris' });
    await waitUntil(() => heard(app).includes('ui/notifications/tool-input'), 'the app never got its input');
    expect(heard(app)).not.to.include('ui/notifications/tool-result');
    state.release();
    await waitUntil(() => heard(app).includes('ui/notifications/tool-result'), 'the app never got the result');
    const tool = app.received.filter((message) => message.method.startsWith('ui/notifications/tool-'));
    expect(tool.map((message) => message.method)).to.deep.equal([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
    ]);
    expect(tool[1].params).to.deep.equal({ arguments: { zone: 'Europe/Paris' } });
    expect(JSON.stringify(tool[2].params)).to.contain('clock ran with');
  });

  it('should tell the app its call was cancelled', async () => {
    const { el, app } = await started();
    await waitUntil(() => heard(app).includes('ui/notifications/tool-input'), 'the app never got its input');
    const form = el.shadowRoot!.querySelector('tool-form')!;
    form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="cancel"]')!.click();
    await waitUntil(() => heard(app).includes('ui/notifications/tool-cancelled'), 'the app never heard of the cancel');
    expect(heard(app)).not.to.include('ui/notifications/tool-result');
  });

  it("should send an app's tools/call and resources/read to the backend as the app's", async () => {
    const { app } = await started();
    const called = await app.request('tools/call', { name: 'refresh', arguments: { n: 1 } });
    expect(JSON.stringify(called.result)).to.contain('refresh ran with {\\"n\\":1}');
    const call = state.calls.find((c) => c.url.endsWith('/api/tools/refresh/call'))!;
    expect(headerOf('Tool-Caller')(call)).to.equal('app');
    expect(headerOf('Accept')(call)).to.equal(undefined);
    const read = await app.request('resources/read', { uri: 'file:///notes.txt' });
    expect((read.result!.contents as { text: string }[])[0].text).to.equal('contents of file:///notes.txt');
    const reads = state.calls.filter((c) => c.url.endsWith('/api/resources/read'));
    expect(headerOf('Tool-Caller')(reads.at(-1)!)).to.equal('app');
    const refused = await app.request('resources/read', { uri: 'file:///outside' });
    expect(refused.error!.message).to.contain('only the server’s own resources');
  });

  it('should refuse an app call to a model-only tool without sending it', async () => {
    const { app } = await started();
    const answer = await app.request('tools/call', { name: 'secret', arguments: {} });
    expect(answer.result).to.equal(undefined);
    expect(answer.error!.message).to.equal('Tool secret is not available to tool UIs (its visibility is model only).');
    expect(state.calls.some((call) => call.url.includes('/api/tools/secret/call'))).to.equal(false);
  });

  it('should open an http(s) link only once the person agrees, and never any other', async () => {
    const { el, app } = await started();
    await recordingOpens(async (opened) => {
      const asked = app.request('ui/open-link', { url: 'https://example.com/docs?a=1' });
      await waitUntil(() => viewRoot(el).querySelector('.consent'), 'no consent was asked');
      expect(viewRoot(el).querySelector('.consent')!.textContent).to.contain('https://example.com/docs?a=1');
      expect(opened).to.deep.equal([]);
      viewRoot(el).querySelector<HTMLButtonElement>('.consent button.primary')!.click();
      expect((await asked).result!.isError).to.equal(false);
      expect(opened).to.deep.equal([['https://example.com/docs?a=1', '_blank', 'noopener,noreferrer']]);

      const declined = app.request('ui/open-link', { url: 'http://example.org/' });
      await waitUntil(() => viewRoot(el).querySelector('.consent'), 'no consent was asked the second time');
      [...viewRoot(el).querySelectorAll<HTMLButtonElement>('.consent button')]
        .find((b) => b.textContent === "Don't open")!
        .click();
      expect((await declined).result!.isError).to.equal(true);

      const script = await app.request('ui/open-link', { url: 'javascript:alert(1)' });
      expect(script.result!.isError).to.equal(true);
      expect(viewRoot(el).querySelector('.consent')).to.equal(null);
      expect(viewRoot(el).querySelector('.note.refused')!.textContent).to.contain('javascript:alert(1)');
      expect(opened).to.have.length(1);
    });
  });

  it("should show the app's messages and context to the person as text, saying no model listens", async () => {
    const { el, app } = await started();
    const markup = '<img src=x onerror="window.pwned=1"><b>Hi</b>';
    const sent = await app.request('ui/message', { role: 'user', content: [{ type: 'text', text: markup }] });
    expect(sent.error).to.equal(undefined);
    await app.request('ui/update-model-context', { structuredContent: { city: 'Lagos' } });
    await views(el)[0].updateComplete;
    const message = viewRoot(el).querySelector('.note.message')!;
    expect(message.textContent).to.contain('no model is listening here');
    expect(message.querySelector('pre')!.textContent).to.equal(markup);
    expect(viewRoot(el).querySelector('.note img, .note b')).to.equal(null);
    expect((window as unknown as { pwned?: number }).pwned).to.equal(undefined);
    expect(viewRoot(el).querySelector('.note.context pre')!.textContent).to.contain('"city": "Lagos"');
  });

  it("should put the app's log lines in the console's log panel", async () => {
    const { el, app } = await started();
    app.notify('notifications/message', { level: 'warning', logger: 'ticker', data: 'tick <b>1</b>' });
    await waitUntil(() => el.shadowRoot!.querySelector('nav .logs'), 'no log panel appeared');
    const line = el.shadowRoot!.querySelector('nav .logs .log li')!;
    expect(line.querySelector('.data')!.textContent).to.equal('tick <b>1</b>');
    expect(line.querySelector('.logger')!.textContent).to.equal('clock UI: ticker');
    expect(line.querySelector('.level')!.textContent).to.equal('warning');
  });

  it('should tear the first app down before a new call replaces its view', async () => {
    const { el, app } = await started();
    state.release();
    await waitUntil(() => heard(app).includes('ui/notifications/tool-result'), 'the first call never ended');
    await run(el, { zone: 'UTC' });
    const second = await appNumber(1);
    await waitUntil(() => heard(app).includes('ui/resource-teardown'), 'the first app was never torn down');
    await waitUntil(() => el.shadowRoot!.querySelectorAll('.apps > tool-app').length === 1, 'the first view stayed');
    await waitUntil(() => heard(second).includes('ui/notifications/tool-input'), 'the second app never got its input');
    expect(heard(second)).not.to.include('ui/resource-teardown');
  });

  it('should keep the app open when another tool is opened, and tear it down when the person closes it', async () => {
    const { el, app } = await started();
    await pick(el, 'echo');
    const view = el.shadowRoot!.querySelector<ToolApp>('.apps > tool-app:not([hidden])')!;
    expect(view, 'the view left with its tool').to.exist;
    expect(view.shadowRoot!.querySelector('.title')!.textContent).to.equal('Interface of Clock');
    expect(heard(app)).not.to.include('ui/resource-teardown');

    const close = [...view.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent === 'Close')!;
    close.click();
    await waitUntil(() => heard(app).includes('ui/resource-teardown'), 'the app was never torn down');
    await waitUntil(() => !el.shadowRoot!.querySelector('.apps > tool-app'), 'the view stayed');
  });

  it('should tell the app when the theme changes', async () => {
    const { app } = await started();
    await emulateMedia({ colorScheme: 'dark' });
    await waitUntil(() => heard(app).includes('ui/notifications/host-context-changed'), 'the app never heard');
    const changed = app.received.find((message) => message.method === 'ui/notifications/host-context-changed')!;
    expect(changed.params).to.deep.equal({ theme: 'dark' });
  });

  it('should go full screen when the app asks, with a visible way back, and take its height inline', async () => {
    const { el, app } = await started();
    const view = views(el)[0] as HTMLElement;
    const answer = await app.request('ui/request-display-mode', { mode: 'fullscreen' });
    expect(answer.result).to.deep.equal({ mode: 'fullscreen' });
    expect(getComputedStyle(view).position).to.equal('fixed');
    expect(view.getBoundingClientRect().height).to.equal(innerHeight);
    const back = viewRoot(el).querySelector<HTMLButtonElement>('.bar button')!;
    expect(back.textContent!.trim()).to.equal('Back to the page');
    back.click();
    await waitUntil(() => getComputedStyle(view).position === 'static', 'the view stayed full screen');
    await waitUntil(
      () => app.received.some((message) => message.params?.displayMode === 'inline'),
      'the app never heard it is inline again',
    );
    expect((await app.request('ui/request-display-mode', { mode: 'pip' })).result).to.deep.equal({ mode: 'inline' });

    app.notify('ui/notifications/size-changed', { height: 321 });
    const frame = viewRoot(el).querySelector('iframe')!;
    await waitUntil(() => frame.style.height === '321px', 'the frame kept its height');
    app.notify('ui/notifications/size-changed', { height: 100000 });
    await waitUntil(() => frame.style.height !== '321px', 'the frame kept its height');
    expect(parseFloat(frame.style.height)).to.be.at.most(Math.max(320, innerHeight * 0.8));
  });

  it('should say so when the sandbox never answers, and take it back when it does', async () => {
    const { ToolApp } = await import('../../elements/tool-app/tool-app.js');
    const wait = ToolApp.sandboxWaitMs;
    ToolApp.sandboxWaitMs = 200;
    try {
      const el = await openConsole('/test/elements/fixtures/silent-sandbox.html');
      await pick(el, 'clock');
      await run(el);
      await waitUntil(
        () => views(el)[0]?.shadowRoot?.querySelector('[role=alert]')?.textContent?.includes('has not answered'),
        'a silent sandbox was not reported',
      );
      const alert = viewRoot(el).querySelector('[role=alert]')!.textContent!.replace(/\s+/g, ' ');
      expect(alert).to.contain(`The sandbox at ${location.origin} has not answered, so the interface cannot start.`);

      // Late, the frame's page says it is ready after all: the words go.
      const frame = viewRoot(el).querySelector('iframe')!;
      const ready = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };
      (frame.contentWindow as Window & { eval(code: string): unknown }).eval(
        `parent.postMessage(${JSON.stringify(ready)}, '*')`,
      );
      await waitUntil(
        () => !viewRoot(el).querySelector('[role=alert]'),
        'the report stayed after the sandbox answered',
      );
    } finally {
      ToolApp.sandboxWaitMs = wait;
    }
  });

  it('should say why an app cannot be shown: a failed read, or a resource that is not an MCP App', async () => {
    state.resourceStatus = 404;
    state.resource = { error: `Resource ${APP_URI} not found` };
    const el = await openConsole();
    await pick(el, 'clock');
    await run(el);
    await waitUntil(() => views(el)[0]?.shadowRoot?.querySelector('[role=alert]'), 'no failure was shown');
    expect(viewRoot(el).querySelector('[role=alert]')!.textContent).to.equal(
      `The tool's interface could not be read: Resource ${APP_URI} not found`,
    );

    state.resourceStatus = 200;
    state.resource = { contents: [{ uri: APP_URI, mimeType: 'text/html', text: '<p id="x">not an app</p>' }] };
    state.release();
    await waitUntil(() => el.shadowRoot!.querySelector('tool-result'), 'the first call never ended');
    await run(el);
    await waitUntil(
      () => views(el)[0]?.shadowRoot?.querySelector('[role=alert]')?.textContent?.includes('not an MCP App'),
      'no failure was shown for the wrong type',
    );
    expect(viewRoot(el).querySelector('iframe')).to.equal(null);
    expect(viewRoot(el).querySelector('[role=alert]')!.textContent).to.contain('its type is text/html');
  });
});
