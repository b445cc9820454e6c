// The Server button in <tool-console>'s top bar: there for a backend whose offers name `inspect` as a word, it says
// whether the drawer is open, opens it on the first press, and closes it again from itself or the drawer's Close.
import { expect, waitUntil } from '@open-wc/testing';
import { $, backend, button, cleanPage, openConsole, text } from './tool-console.helpers.js';

describe('<tool-console> Server button', () => {
  cleanPage();

  it('should be there only when the offers name inspect as a word', async () => {
    backend();
    for (const [offers, shown] of [
      ['inspector', false],
      ['reinspect', false],
      ['resources inspect', true],
      ['inspect', true],
    ] as const) {
      const el = await openConsole({ offers });
      expect(!!$(el, 'header button'), offers).to.equal(shown);
    }
  });

  it('should say whether the drawer is open, and open and close it', async () => {
    backend();
    const el = await openConsole({ offers: 'inspect' });
    const server = button(el.shadowRoot!, 'Server');
    expect(server.getAttribute('aria-expanded')).to.equal('false');
    expect(text($(el, 'server-drawer'))).to.equal(undefined);
    server.click();
    await waitUntil(() => $(el, 'server-drawer'), 'the drawer loads on the first press');
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('true');
    expect(($(el, 'server-drawer') as HTMLElement & { open: boolean }).open).to.equal(true);
    server.click();
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('false');
    expect(($(el, 'server-drawer') as HTMLElement & { open: boolean }).open).to.equal(false);
    server.click();
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('true');
    const drawer = $(el, 'server-drawer')!;
    await (drawer as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    button(drawer.shadowRoot!, 'Close').click();
    await el.updateComplete;
    expect(server.getAttribute('aria-expanded')).to.equal('false');
  });
});
