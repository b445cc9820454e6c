// Every element draws with its stylesheets: each one it declares reaches the element, and none is empty. What the
// rules do is seen in the page's screenshots; this catches a stylesheet lost on the way (a `styles` list emptied, a
// `css` block cut), which no test of behaviour would notice. The tags are every @customElement in elements/
// (test/lib/element-folders.test.ts keeps this list and the imports whole).
import { expect } from '@open-wc/testing';
import type { CSSResultOrNative, LitElement } from 'lit';
import '../../elements/catalog-list/catalog-list.js';
import '../../elements/prompt-view/prompt-view.js';
import '../../elements/protocol-log/protocol-log.js';
import '../../elements/resource-view/resource-view.js';
import '../../elements/saved-calls/saved-calls.js';
import '../../elements/server-drawer/server-drawer.js';
import '../../elements/server-notifications/server-notifications.js';
import '../../elements/server-panel/server-panel.js';
import '../../elements/server-switcher/server-switcher.js';
import '../../elements/template-view/template-view.js';
import '../../elements/tool-app/tool-app.js';
import '../../elements/tool-auth-bar/tool-auth-bar.js';
import '../../elements/tool-console/tool-console.js';
import '../../elements/tool-description/tool-description.js';
import '../../elements/tool-form/tool-form.js';
import '../../elements/tool-list/tool-list.js';
import '../../elements/tool-question/tool-question.js';
import '../../elements/tool-result/tool-result.js';

const TAGS = [
  'catalog-list',
  'prompt-view',
  'protocol-log',
  'resource-view',
  'saved-calls',
  'server-drawer',
  'server-notifications',
  'server-panel',
  'server-switcher',
  'template-view',
  'tool-app',
  'tool-auth-bar',
  'tool-console',
  'tool-description',
  'tool-form',
  'tool-list',
  'tool-question',
  'tool-result',
];

/** The text of one stylesheet, as Lit holds it (a `css` result) or as the browser does (a constructed sheet). */
function cssText(style: CSSResultOrNative): string {
  return style instanceof CSSStyleSheet ? [...style.cssRules].map((rule) => rule.cssText).join('\n') : style.cssText;
}

describe('the elements’ stylesheets', () => {
  for (const tag of TAGS) {
    it(`should give <${tag}> every stylesheet it declares, none of them empty`, () => {
      const element = customElements.get(tag) as typeof LitElement | undefined;
      expect(element, `<${tag}> is defined`).to.not.equal(undefined);
      // Lit gathers elementStyles as the class is defined (the browser reads its observedAttributes then).
      const sheets = element!.elementStyles.map(cssText);
      expect(sheets.length, `<${tag}> has stylesheets`).to.be.greaterThan(0);
      expect(sheets.filter((text) => !text.trim()).length, `<${tag}>'s empty stylesheets`).to.equal(0);
    });
  }
});
