// How <tool-app> sizes and places an app: inline at the height the app asks for (within bounds), or full screen from
// its button, the app's request or back with Escape; the app hears each change, and only real changes.
import { expect, waitUntil } from '@open-wc/testing';
import { appNumber, heard, type TestApp } from './apps.helpers.js';
import { frameOf, mountView, textOf } from './tool-app.helpers.js';
import type { ToolApp } from '../../elements/tool-app/tool-app.js';

const changes = (app: TestApp) =>
  app.received.filter((message) => message.method === 'ui/notifications/host-context-changed').map((m) => m.params);

async function shown(): Promise<{ view: ToolApp; frame: HTMLIFrameElement; app: TestApp }> {
  const { view } = await mountView();
  const frame = await frameOf(view);
  return { view, frame, app: await appNumber(0) };
}

const button = (view: ToolApp, text: string) =>
  [...view.shadowRoot!.querySelectorAll<HTMLButtonElement>('.bar button')].find((b) => b.textContent!.trim() === text);

const press = (view: ToolApp, key: string) =>
  view.shadowRoot!.querySelector('section')!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('<tool-app> display', () => {
  beforeEach(() => {
    window.testApps = [];
  });

  it('should go full screen from its button and come back with Escape, telling the app each time', async () => {
    const { view, frame, app } = await shown();
    press(view, 'Escape');
    await view.updateComplete;
    expect(view.getAttribute('display-mode')).to.equal('inline');

    button(view, 'Full screen')!.click();
    await view.updateComplete;
    expect(view.getAttribute('display-mode')).to.equal('fullscreen');
    expect(getComputedStyle(view).position).to.equal('fixed');
    expect(frame.style.height).to.equal('');
    expect(button(view, 'Back to the page')).to.exist;
    await waitUntil(() => changes(app).length === 1, 'the app never heard it is full screen');
    expect(changes(app)[0]!.displayMode).to.equal('fullscreen');
    expect(changes(app)[0]).not.to.have.property('containerDimensions');

    press(view, 'Enter');
    await view.updateComplete;
    expect(view.getAttribute('display-mode')).to.equal('fullscreen');
    press(view, 'Escape');
    await view.updateComplete;
    expect(view.getAttribute('display-mode')).to.equal('inline');
    expect(frame.style.height).to.equal('240px');
    await waitUntil(() => changes(app).length === 2, 'the app never heard it is inline again');
    expect(changes(app)[1]!.displayMode).to.equal('inline');
    expect(textOf(view, '.bar button')).to.equal('Full screen');
  });

  it('should answer a request for the mode it is in without telling the app anything new', async () => {
    const { app } = await shown();
    expect((await app.request('ui/request-display-mode', { mode: 'inline' })).result).to.deep.equal({ mode: 'inline' });
    expect((await app.request('ui/request-display-mode', { mode: 'pip' })).result).to.deep.equal({ mode: 'inline' });
    // A round trip after the answers: anything they made the page post has arrived by then.
    await app.request('ui/message', { role: 'user', content: [] });
    expect(heard(app)).not.to.include('ui/notifications/host-context-changed');
  });

  it('should take the height the app asks for inline, never below nothing', async () => {
    const { view, frame, app } = await shown();
    app.notify('ui/notifications/size-changed', { height: 123 });
    await waitUntil(() => frame.style.height === '123px', 'the frame kept its height');
    app.notify('ui/notifications/size-changed', { height: -40 });
    await waitUntil(() => frame.style.height === '0px', 'a negative height was taken');
    // A size without a height keeps the height, also after a trip to full screen and back.
    app.notify('ui/notifications/size-changed', { width: 300 });
    await app.request('ui/message', { role: 'user', content: [] });
    button(view, 'Full screen')!.click();
    await view.updateComplete;
    press(view, 'Escape');
    await view.updateComplete;
    expect(frame.style.height).to.equal('0px');
    app.notify('ui/notifications/size-changed', { height: 77 });
    await waitUntil(() => frame.style.height === '77px', 'the frame kept its height');
  });

  it('should lay the view out as the person sees it: a bordered card, its bar in a row', async () => {
    const { view } = await shown();
    expect(getComputedStyle(view).display).to.equal('block');
    expect(getComputedStyle(view).fontSize).to.equal('14px');
    const section = getComputedStyle(view.shadowRoot!.querySelector('section')!);
    expect(section.borderTopWidth).to.equal('1px');
    expect(section.overflow).to.equal('hidden');
    const bar = getComputedStyle(view.shadowRoot!.querySelector('.bar')!);
    expect(bar.display).to.equal('flex');
    expect(bar.alignItems).to.equal('center');
    expect(getComputedStyle(view.shadowRoot!.querySelector('.title')!).fontWeight).to.equal('600');
    expect(getComputedStyle(view.shadowRoot!.querySelector('.uri')!).whiteSpace).to.equal('nowrap');
    expect(getComputedStyle(view.shadowRoot!.querySelector('iframe')!).display).to.equal('block');
  });
});
