// The listbox <tool-list> and <catalog-list> share (elements/tool-list/windowed-listbox.ts), as a user meets it in
// both: rows drawn a screenful at a time that keep filling the list when it changes size, also after the element
// has been moved elsewhere in the page (a disconnect and a connect, as a host re-parenting a panel does).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/catalog-list/catalog-list.js';
import type { CatalogItem } from '../../elements/catalog-list/catalog-list.js';
import '../../elements/tool-list/tool-list.js';

const TOOLS = Array.from({ length: 1000 }, (_, i) => ({ name: `tool_${i}`, description: `Tool number ${i}` }));
const ITEMS: CatalogItem[] = Array.from({ length: 1000 }, (_, i) => ({
  key: `resource=file:///${i}`,
  name: `file ${i}`,
  secondary: `file:///${i}`,
  group: 0,
}));

/** Whether the options drawn reach the bottom of the visible list (no blank band under the last one). */
function filled(el: HTMLElement): boolean {
  const listbox = el.shadowRoot!.querySelector<HTMLElement>('[role=listbox]')!;
  const options = listbox.querySelectorAll('[role=option]');
  const last = options[options.length - 1];
  return !!last && last.getBoundingClientRect().bottom >= listbox.getBoundingClientRect().bottom;
}

const lists = {
  'tool-list': () => html`<tool-list style="height: 200px" .tools=${TOOLS}></tool-list>`,
  'catalog-list': () => html`<catalog-list style="height: 200px" label="Resources" .items=${ITEMS}></catalog-list>`,
};

describe('the windowed listbox', () => {
  for (const [tag, template] of Object.entries(lists)) {
    it(`should fill a <${tag}> that grew after it was moved in the page`, async () => {
      const el = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(template());
      const drawn = () => el.shadowRoot!.querySelectorAll('[role=option]').length;
      // Measured: a 200-pixel list draws the few rows in view (and a few more), not a guess's worth.
      await waitUntil(() => drawn() < 10 && filled(el), 'the list never measured its first height', { timeout: 2000 });
      const elsewhere = document.createElement('div');
      el.parentElement!.after(elsewhere);
      elsewhere.append(el);
      el.style.height = '1600px';
      await waitUntil(() => filled(el), 'rows stop short of the bottom of the grown list', { timeout: 2000 });
      expect(drawn()).to.be.above(1400 / 54);
      elsewhere.remove();
    });
  }
});
