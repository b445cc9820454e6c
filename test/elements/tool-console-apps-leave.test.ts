// A tool's own interface (MCP Apps) when its console leaves the page: the view is closed, and putting the console back
// does not show it again (its frame, gone with the page, would load the app over, unasked).
import { expect } from '@open-wc/testing';
import { stubFetch } from './fetch-stub.js';
import { appNumber, backend, openConsole, pick, run, shownView } from './apps.helpers.js';

describe('<tool-console> tool UIs when the console leaves the page', () => {
  beforeEach(() => {
    window.testApps = [];
    stubFetch(backend().answer);
  });

  it('should close the view, and show none when the console is back', async () => {
    const el = await openConsole();
    await pick(el, 'clock');
    await run(el, { zone: 'UTC' });
    await shownView(el);
    await appNumber(0);
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('.apps > tool-app:not([hidden])').length).to.equal(0);
  });
});
