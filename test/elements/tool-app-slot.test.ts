// Where the console shows a tool's interface (AppSlot): one view per call of a tool that has one, left be by calls of
// other tools, given its own call's snapshots only, hidden at once when it goes and removed once its app has heard.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { render } from 'lit';
import { ToolApi } from '../../elements/api.js';
import { AppSlot, renderNoSandbox } from '../../elements/tool-app/app-slot.js';
import type { ToolApp } from '../../elements/tool-app/tool-app.js';
import { SANDBOX, TOOLS, appNumber, backend, heard } from './apps.helpers.js';
import { stubFetch } from './fetch-stub.js';
import { CLOCK, clockCall } from './tool-app.helpers.js';

const ECHO = TOOLS[1];

async function placed(): Promise<{ slot: AppSlot; options: Parameters<AppSlot['open']>[0] }> {
  stubFetch(backend().answer);
  const slot = new AppSlot();
  const host = await fixture<HTMLElement>(html`<div></div>`);
  host.append(slot.container);
  const options = {
    api: new ToolApi('/api/tools'),
    tool: CLOCK,
    call: clockCall(),
    sandbox: SANDBOX,
    toolNamed: () => undefined,
  };
  return { slot, options };
}

const shown = (slot: AppSlot) => [...slot.container.querySelectorAll<ToolApp>('tool-app')];

describe('AppSlot', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should show a view only for a tool with an interface and a sandbox to show it in', async () => {
    const { slot, options } = await placed();
    slot.open({ ...options, tool: ECHO });
    slot.open({ ...options, sandbox: '' });
    expect(shown(slot)).to.have.length(0);
    slot.open(options);
    expect(shown(slot)).to.have.length(1);
    expect(slot.container.className).to.equal('apps');
    const view = shown(slot)[0];
    expect(view.tool).to.equal(CLOCK);
    expect(view.sandbox).to.equal(SANDBOX);
  });

  it("should leave the view be for a call of a tool without one, and give it only its own call's snapshots", async () => {
    const { slot, options } = await placed();
    slot.open(options);
    const [view] = shown(slot);
    slot.open({ ...options, tool: ECHO, call: clockCall('running', { run: 2, name: 'echo' }) });
    expect(shown(slot)).to.deep.equal([view]);
    expect(view.hidden).to.equal(false);
    const other = clockCall('finished', { run: 2 });
    slot.update(other);
    expect(view.call).to.equal(options.call);
    const own = clockCall('finished');
    slot.update(own);
    expect(view.call).to.equal(own);
  });

  it('should hide a replaced view at once and remove it once its app has heard it is going', async () => {
    const { slot, options } = await placed();
    slot.open(options);
    const [first] = shown(slot);
    const app = await appNumber(0);
    slot.open({ ...options, call: clockCall('running', { run: 2 }) });
    expect(first.hidden).to.equal(true);
    expect(shown(slot)).to.have.length(2);
    await waitUntil(() => !first.isConnected, 'the replaced view stayed');
    expect(heard(app)).to.include('ui/resource-teardown');
    expect(shown(slot)).to.have.length(1);
    expect(shown(slot)[0].hidden).to.equal(false);
  });

  it('should close the view when it asks to be closed, and do nothing when there is none', async () => {
    const { slot, options } = await placed();
    slot.close();
    slot.update(clockCall('finished'));
    slot.open(options);
    const [view] = shown(slot);
    view.dispatchEvent(new CustomEvent('tool-app-close', { bubbles: true, composed: true }));
    expect(view.hidden).to.equal(true);
    await waitUntil(() => shown(slot).length === 0, 'the closed view stayed');
  });

  it('should pass no snapshot to a view that has no call', async () => {
    const { slot, options } = await placed();
    slot.open({ ...options, call: undefined });
    const [view] = shown(slot);
    slot.update(clockCall('finished'));
    expect(view.call).to.equal(undefined);
  });
});

describe('renderNoSandbox', () => {
  it('should explain only for a tool with an interface in a console without a sandbox', () => {
    const text = (tool: typeof CLOCK | undefined, sandbox: string) => {
      const target = document.createElement('div');
      render(renderNoSandbox(tool, sandbox), target);
      return target.textContent!.replace(/\s+/g, ' ').trim();
    };
    expect(text(CLOCK, '')).to.equal(
      'This tool has its own interface, but this console serves no sandbox origin to show it in (option sandboxOrigin, CLI --sandbox-port).',
    );
    expect(text(CLOCK, SANDBOX)).to.equal('');
    expect(text(ECHO, '')).to.equal('');
    expect(text(undefined, '')).to.equal('');
  });
});
