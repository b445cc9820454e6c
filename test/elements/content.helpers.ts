// Shared helpers of the tests of the catalog's content elements (<resource-view>, <template-view>, <prompt-view>):
// the XSS payload the tool tests use, a check that none of it became an element, and finding what the user sees.
import { expect } from '@open-wc/testing';
import { ToolApi } from '../../elements/api.js';
import { CatalogApi } from '../../elements/catalog-api.js';

export const XSS =
  '<img src=x onerror="window.__xss=1"></script><script>window.__xss=1</script><svg onload="window.__xss=1">';

/** The console's API clients for a backend at http://h/ (answered by the fetch stub). */
export function backend(): { api: ToolApi; catalog: CatalogApi } {
  const api = new ToolApi('http://h/tools');
  return { api, catalog: new CatalogApi(api) };
}

export const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
export const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

/** The text the user sees in `el`'s shadow root (and in the shadow roots of the elements it holds), spaces collapsed. */
export function seen(el: Element): string {
  const walk = (root: ShadowRoot | Element): string =>
    [...root.childNodes]
      .map((node) =>
        node.nodeType === Node.TEXT_NODE
          ? node.textContent
          : node instanceof Element
            ? `${node.shadowRoot ? walk(node.shadowRoot) : ''} ${walk(node)}`
            : '',
      )
      .join(' ');
  return walk(el.shadowRoot!).replace(/\s+/g, ' ').trim();
}

/** No element the payload could have made exists anywhere under `el`, and none of its script ran. */
export function expectNoInjection(el: Element): void {
  const all = (root: ShadowRoot): Element[] =>
    [...root.querySelectorAll('*')].flatMap((node) => [node, ...(node.shadowRoot ? all(node.shadowRoot) : [])]);
  const elements = all(el.shadowRoot!);
  expect(elements.filter((node) => ['SCRIPT', 'SVG', 'svg', 'IFRAME'].includes(node.tagName))).to.deep.equal([]);
  expect(elements.filter((node) => node.tagName === 'IMG' && node.getAttribute('src') === 'x')).to.deep.equal([]);
  expect(elements.filter((node) => [...node.attributes].some((a) => a.name.startsWith('on')))).to.deep.equal([]);
  expect((window as { __xss?: unknown }).__xss).to.equal(undefined);
}
