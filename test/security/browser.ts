// Chromium for the security tests, and the walk that finds anything script-shaped in the page, shadow roots included.
import { chromium, type Browser, type Page } from 'playwright-core';

// test/chromium.mjs is plain JavaScript that tsc does not copy to dist: load it from the source tree.
const root = new URL('../../../', import.meta.url);
const { chromiumPath, CHROMIUM_ARGS } = (await import(
  new URL('test/chromium.mjs', root).href
)) as typeof import('../chromium.mjs');

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Elements and attributes that could run script, found anywhere in the document or its open shadow roots: script
 * elements other than the page's own module, frames, objects, `on*` attributes, javascript: URLs, srcdoc, <base>,
 * meta refresh. Returns their outer HTML, cut short.
 */
export function scriptShapedNodes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background'];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const tag = element.localName;
        const ownModule =
          tag === 'script' &&
          element.getAttribute('type') === 'module' &&
          /\/assets\//.test(element.getAttribute('src') ?? '');
        const dangerousTag =
          ['script', 'iframe', 'frame', 'object', 'embed', 'base', 'style', 'link'].includes(tag) && !ownModule;
        // The page's own <link>s (stylesheet, icon, preload of the tools list) point into its own origin.
        const ownLink =
          tag === 'link' && root === document && (element as HTMLLinkElement).href.startsWith(location.origin);
        const pageIcon =
          tag === 'link' && element.getAttribute('rel') === 'icon' && element.getAttribute('href') === 'data:,';
        const dangerousAttribute = [...element.attributes].some(
          (attribute) =>
            attribute.name.startsWith('on') ||
            attribute.name === 'srcdoc' ||
            (urlAttributes.includes(attribute.name) &&
              /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value.replace(/[\u0000-\u001f]/g, ''))),
        );
        const refresh = tag === 'meta' && /refresh/i.test(element.getAttribute('http-equiv') ?? '');
        if ((dangerousTag && !ownLink && !pageIcon) || dangerousAttribute || refresh)
          found.push(element.outerHTML.slice(0, 160));
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  });
}

/**
 * Resolves once every image in the page (shadow roots included) has loaded or failed and two more frames have been
 * drawn: by then the load and error handlers of anything injected, and autofocus, have had their turn. A condition
 * to wait for instead of a fixed pause.
 */
export function pageSettled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const images: HTMLImageElement[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element instanceof HTMLImageElement) images.push(element);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
