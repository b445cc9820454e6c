// What <tool-app> shows before and instead of an app: its title bar, its loading line, why it cannot run.
import { expect, waitUntil } from '@open-wc/testing';
import { ToolApi } from '../../elements/api.js';
import { APP_URI, appNumber } from './apps.helpers.js';
import { CLOCK, frameOf, heldRead, mountView, textOf } from './tool-app.helpers.js';

describe('<tool-app> states', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it("should title the view with the tool's title, or its name, and show its interface's URI", async () => {
    const { view } = await mountView();
    expect(textOf(view, '.title')).to.equal('Interface of Clock');
    expect(view.shadowRoot!.querySelector('section')!.getAttribute('aria-label')).to.equal('Interface of Clock');
    expect(textOf(view, '.uri')).to.equal(APP_URI);
    expect((await frameOf(view)).title).to.equal('Interface of Clock');

    const { title: _, ...untitled } = CLOCK;
    const { view: named } = await mountView({ tool: untitled });
    expect(textOf(named, '.title')).to.equal('Interface of clock');
    expect((await frameOf(named)).title).to.equal('Interface of clock');
  });

  it('should say it is loading while the app is read, and offer full screen once it shows', async () => {
    const { answer, release } = heldRead();
    const { view } = await mountView({ answer });
    expect(textOf(view, '[role=status]')).to.equal("Loading the tool's interface…");
    const buttons = () => [...view.shadowRoot!.querySelectorAll('.bar button')].map((b) => b.textContent!.trim());
    expect(buttons()).to.deep.equal(['Close']);
    release();
    const frame = await frameOf(view);
    expect(view.shadowRoot!.querySelector('[role=status]')).to.equal(null);
    expect(buttons()).to.deep.equal(['Full screen', 'Close']);
    expect(frame.style.height).to.equal('240px');
  });

  it('should say it has nothing to show without a tool with an interface, a call, a sandbox or a backend', async () => {
    const { title: _, ui: __, ...plain } = CLOCK;
    for (const options of [{ sandbox: '' }, { api: undefined }, { call: undefined }, { tool: plain }]) {
      const { view, state } = await mountView(options);
      await waitUntil(() => view.shadowRoot!.querySelector('[role=alert]'), 'no problem was shown');
      expect(textOf(view, '[role=alert]')).to.equal('The view has no tool, call or sandbox.');
      expect(state.calls).to.deep.equal([]);
    }
  });

  it('should say the server did not answer when reading the app fails on the network', async () => {
    const { view } = await mountView({ answer: () => Promise.reject(new TypeError('Failed to fetch')) });
    await waitUntil(() => view.shadowRoot!.querySelector('[role=alert]'), 'no failure was shown');
    expect(textOf(view, '[role=alert]')).to.equal("The tool's interface could not be read: the server did not answer.");
  });

  it('should show nothing of a read that ends after the view closed', async () => {
    const { answer, release } = heldRead();
    const { view, state } = await mountView({ answer });
    await view.close();
    release();
    await waitUntil(() => state.calls.length === 1, 'the app was never read');
    await view.updateComplete;
    expect(view.shadowRoot!.querySelector('[role=alert], iframe')).to.equal(null);
  });

  it('should say what a backend that fails oddly gave as its reason', async () => {
    const api = { readResource: () => Promise.reject('the backend is away') } as unknown as ToolApi;
    const { view } = await mountView({ api });
    await waitUntil(() => view.shadowRoot!.querySelector('[role=alert]'), 'no failure was shown');
    expect(textOf(view, '[role=alert]')).to.equal('the backend is away');
  });

  it('should show nothing of a read that a backend finished after the view closed', async () => {
    // A backend that pays no heed to the abort: the view drops its answer itself.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const read = new Promise<void>((resolve) => (answered = resolve));
    const api = new ToolApi('/api/tools');
    const readResource = api.readResource.bind(api);
    api.readResource = async (uri: string) => {
      await held;
      const result = await readResource(uri);
      setTimeout(answered);
      return result;
    };
    const { view } = await mountView({ api });
    await view.close();
    release();
    // Once the answer has been handed over and a task later, whatever the view made of it is on screen.
    await read;
    await view.updateComplete;
    expect(view.shadowRoot!.querySelector('[role=alert], iframe')).to.equal(null);
  });

  it('should never say the sandbox is silent when it answers in time', async () => {
    const { answer, release } = heldRead();
    const { view } = await mountView({ answer });
    const alerts: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && node.matches('[role=alert]')) alerts.push(node);
    });
    observer.observe(view.shadowRoot!, { childList: true, subtree: true });
    release();
    await appNumber(0);
    await view.updateComplete;
    observer.disconnect();
    expect(alerts).to.deep.equal([]);
  });
});
