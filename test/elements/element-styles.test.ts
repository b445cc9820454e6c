// Every stylesheet module of the elements (each `*.styles.ts`) exports stylesheets with rules in every one. What the
// rules do is seen in the page's screenshots; this catches a stylesheet lost on the way (a `styles` list emptied, a
// `css` block cut), which no test of behaviour would notice. The modules load inside the test, not as this file
// starts, so the mutation run counts them as this file's (module-level code a page runs before its tests counts for
// none). test/lib/element-folders.test.ts keeps the list whole.
import { expect } from '@open-wc/testing';
import type { CSSResultOrNative } from 'lit';

const STYLESHEETS: Record<string, () => Promise<Record<string, unknown>>> = {
  'elements/alert.styles.ts': () => import('../../elements/alert.styles.js'),
  'elements/catalog-list/catalog-list.styles.ts': () => import('../../elements/catalog-list/catalog-list.styles.js'),
  'elements/completion/field.styles.ts': () => import('../../elements/completion/field.styles.js'),
  'elements/content/content-item.styles.ts': () => import('../../elements/content/content-item.styles.js'),
  'elements/content/content.styles.ts': () => import('../../elements/content/content.styles.js'),
  'elements/detail-view.styles.ts': () => import('../../elements/detail-view.styles.js'),
  'elements/prompt-view/prompt-view.styles.ts': () => import('../../elements/prompt-view/prompt-view.styles.js'),
  'elements/protocol-log/protocol-log.styles.ts': () => import('../../elements/protocol-log/protocol-log.styles.js'),
  'elements/resource-view/resource-view.styles.ts': () =>
    import('../../elements/resource-view/resource-view.styles.js'),
  'elements/saved-calls/saved-calls.styles.ts': () => import('../../elements/saved-calls/saved-calls.styles.js'),
  'elements/server-drawer/server-drawer.styles.ts': () =>
    import('../../elements/server-drawer/server-drawer.styles.js'),
  'elements/server-notifications/server-notifications.styles.ts': () =>
    import('../../elements/server-notifications/server-notifications.styles.js'),
  'elements/server-panel/server-panel.styles.ts': () => import('../../elements/server-panel/server-panel.styles.js'),
  'elements/server-switcher/server-switcher.styles.ts': () =>
    import('../../elements/server-switcher/server-switcher.styles.js'),
  'elements/tabs.styles.ts': () => import('../../elements/tabs.styles.js'),
  'elements/template-view/template-view.styles.ts': () =>
    import('../../elements/template-view/template-view.styles.js'),
  'elements/theme.styles.ts': () => import('../../elements/theme.styles.js'),
  'elements/tool-app/tool-app.styles.ts': () => import('../../elements/tool-app/tool-app.styles.js'),
  'elements/tool-auth-bar/tool-auth-bar.styles.ts': () =>
    import('../../elements/tool-auth-bar/tool-auth-bar.styles.js'),
  'elements/tool-console/tool-console.styles.ts': () => import('../../elements/tool-console/tool-console.styles.js'),
  'elements/tool-description/tool-description.styles.ts': () =>
    import('../../elements/tool-description/tool-description.styles.js'),
  'elements/tool-form/tool-form.styles.ts': () => import('../../elements/tool-form/tool-form.styles.js'),
  'elements/tool-list/tool-list.styles.ts': () => import('../../elements/tool-list/tool-list.styles.js'),
  'elements/tool-question/tool-question.styles.ts': () =>
    import('../../elements/tool-question/tool-question.styles.js'),
  'elements/tool-result/tool-result.styles.ts': () => import('../../elements/tool-result/tool-result.styles.js'),
};

/** The text of one stylesheet, as Lit holds it (a `css` result) or as the browser does (a constructed sheet). */
function cssText(style: CSSResultOrNative): string {
  return style instanceof CSSStyleSheet ? [...style.cssRules].map((rule) => rule.cssText).join('\n') : style.cssText;
}

describe('the elements’ stylesheets', () => {
  for (const [file, load] of Object.entries(STYLESHEETS)) {
    it(`should export stylesheets from ${file}, none of them empty`, async () => {
      const exported = Object.values(await load()).flat(Infinity) as CSSResultOrNative[];
      expect(exported.length, `${file} exports stylesheets`).to.be.greaterThan(0);
      expect(exported.filter((style) => !cssText(style).trim()).length, `${file}'s empty stylesheets`).to.equal(0);
    });
  }
});
