// The CDN entry run on a page that already holds a result view in its markup (as a host page's <script type="module">
// runs after the markup is parsed): it loads the form, the dialog and the result view at once, watching nothing.
import { expect } from '@open-wc/testing';

describe('the CDN entry, with a result view already in the page', () => {
  it('should load the form, the dialog and the result view as it starts', async () => {
    document.body.append(document.createElement('tool-result'));
    await import('../../elements/cdn.js');
    await Promise.all(['tool-form', 'tool-question', 'tool-result'].map((tag) => customElements.whenDefined(tag)));
    expect(['tool-form', 'tool-question', 'tool-result'].every((tag) => customElements.get(tag))).to.equal(true);
  });
});
