// <template-view> around its form: nothing chosen, completion off unless asked for, empty fields left out of the URI
// and of the context sent, and what another template (or the same one again) does to the values typed and to the
// resource read. The form, suggestions and XSS are template-view.test.ts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ResourceTemplateSummary } from '../../elements/api.js';
import '../../elements/template-view/template-view.js';
import type { TemplateView } from '../../elements/template-view/template-view.js';
import { $, $$, backend } from './content.helpers.js';
import { json, stubFetch } from './fetch-stub.js';

const ISSUES: ResourceTemplateSummary = {
  uriTemplate: 'github://repos/{owner}/{repo}/issues{?state}',
  name: 'issues',
};
const FILES: ResourceTemplateSummary = { uriTemplate: 'file:///{path}', name: 'files' };

function serve() {
  return stubFetch((call) => {
    if (call.url === 'http://h/resources/read') {
      const { uri } = call.body as { uri: string };
      return json({ contents: [{ uri, mimeType: 'text/plain', text: `read ${uri}` }] });
    }
    if (call.url === 'http://h/completion') return json({ completion: { values: ['x'], total: 1 } });
    return json({ error: 'Not found' }, 404);
  });
}

async function show(template: ResourceTemplateSummary | undefined, completions?: boolean) {
  const { api, catalog } = backend();
  const el = document.createElement('template-view');
  Object.assign(el, { api, catalog, template });
  if (completions !== undefined) el.completions = completions;
  return fixture<TemplateView>(html`<div>${el}</div>`).then(() => el);
}

const input = (el: TemplateView, name: string) =>
  $$(el, 'input').find((i) => i.getAttribute('name') === name) as HTMLInputElement;
async function type(el: TemplateView, name: string, value: string) {
  input(el, name).value = value;
  input(el, name).dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}
const uri = (el: TemplateView) => $(el, '[part=expanded]')!.textContent;
const completionBodies = (calls: { url: string; body: unknown }[]) =>
  calls.filter((c) => c.url === 'http://h/completion').map((c) => c.body);

describe('<template-view> states', () => {
  it('should say no template is chosen', async () => {
    const el = await show(undefined);
    expect(el.shadowRoot!.textContent!.trim()).to.equal('No resource template chosen.');
  });

  it('should start with empty fields, and leave a field emptied again out of the URI', async () => {
    serve();
    const el = await show(ISSUES);
    expect($$(el, 'input').map((i) => (i as HTMLInputElement).value)).to.deep.equal(['', '', '']);
    await type(el, 'owner', 'o');
    await type(el, 'state', 'open');
    expect(uri(el)).to.equal('github://repos/o//issues?state=open');
    await type(el, 'state', '');
    expect(uri(el)).to.equal('github://repos/o//issues');
    expect($$(el, 'input').map((i) => (i as HTMLInputElement).value)).to.deep.equal(['o', '', '']);
  });

  it('should ask for no suggestions unless completions is set', async () => {
    const { calls } = serve();
    const off = await show(FILES);
    const on = await show(FILES, true);
    await type(off, 'path', 'a');
    await type(on, 'path', 'b');
    // Both wait the same pause, the first typed first: once the second has asked, the first would have too.
    await waitUntil(() => completionBodies(calls).length, 'the second asked');
    expect(completionBodies(calls)).to.deep.equal([
      { ref: { type: 'ref/resource', uri: FILES.uriTemplate }, argument: { name: 'path', value: 'b' } },
    ]);
  });

  it('should send no emptied variable as context', async () => {
    const { calls } = serve();
    const el = await show(ISSUES, true);
    await type(el, 'owner', 'o');
    await type(el, 'owner', '');
    await type(el, 'repo', 'r');
    await waitUntil(() => completionBodies(calls).length, 'asked');
    expect(completionBodies(calls)).to.deep.equal([
      { ref: { type: 'ref/resource', uri: ISSUES.uriTemplate }, argument: { name: 'repo', value: 'r' } },
    ]);
  });

  it('should keep the values and the resource read for the same template, and drop them for another', async () => {
    serve();
    const el = await show(ISSUES);
    await type(el, 'owner', 'o');
    $(el, '[part=read]')!.click();
    await el.updateComplete;
    expect($(el, 'resource-view') === null).to.equal(false);
    el.template = { ...ISSUES, title: 'Issues, renamed' };
    await el.updateComplete;
    expect([input(el, 'owner').value, uri(el), $(el, 'resource-view') === null]).to.deep.equal([
      'o',
      'github://repos/o//issues',
      false,
    ]);
    el.template = FILES;
    await el.updateComplete;
    expect([input(el, 'path').value, uri(el), $(el, 'resource-view') === null]).to.deep.equal(['', 'file:///', true]);
    el.template = undefined;
    await el.updateComplete;
    expect(el.shadowRoot!.textContent!.trim()).to.equal('No resource template chosen.');
  });
});
