// <template-view> (issue 29): a resource template as a form of its variables, suggestions as you type (with the
// other variables as context), the expanded URI read into a <resource-view>; a template that does not parse; XSS.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ResourceTemplateSummary } from '../../elements/api.js';
import type { ResourceView } from '../../elements/resource-view/resource-view.js';
import '../../elements/template-view/template-view.js';
import type { TemplateView } from '../../elements/template-view/template-view.js';
import { $, $$, XSS, backend, expectNoInjection } from './content.helpers.js';
import { json, stubFetch } from './fetch-stub.js';

const USERS: ResourceTemplateSummary = {
  uriTemplate: 'github://repos/{owner}/{repo}/issues{?state,labels}',
  name: 'issues',
  title: 'Repository issues',
  description: 'Issues of one repository',
  mimeType: 'application/json',
};

function serve(suggest: Record<string, string[]> = {}) {
  return stubFetch((call) => {
    if (call.url === 'http://h/resources/read') {
      const { uri } = call.body as { uri: string };
      return json({ contents: [{ uri, mimeType: 'text/plain', text: `read ${uri}` }] });
    }
    if (call.url === 'http://h/completion') {
      const { argument } = call.body as { argument: { name: string; value: string } };
      const values = (suggest[argument.name] ?? []).filter((value) => value.startsWith(argument.value));
      return json({ completion: { values, total: values.length } });
    }
    return json({ error: 'Not found' }, 404);
  });
}

async function show(template: ResourceTemplateSummary, completions = false): Promise<TemplateView> {
  const { api, catalog } = backend();
  return fixture<TemplateView>(
    html`<template-view .api=${api} .catalog=${catalog} .template=${template} ?completions=${completions}></template-view>`,
  );
}

function type(el: TemplateView, name: string, value: string): void {
  const input = $$(el, 'input').find((i) => i.getAttribute('name') === name) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

describe('<template-view>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should ask for each variable, show the URI they expand to, and read it on Read', async () => {
    const { calls } = serve();
    const el = await show(USERS);
    expect($(el, 'h3')!.textContent).to.equal('Repository issues');
    expect($$(el, 'label').map((label) => label.textContent!.trim())).to.deep.equal([
      'owner',
      'repo',
      'state',
      'labels',
    ]);
    type(el, 'owner', 'modelcontext protocol');
    type(el, 'repo', 'servers');
    type(el, 'state', 'open');
    await el.updateComplete;
    const expected = 'github://repos/modelcontext%20protocol/servers/issues?state=open';
    expect($(el, '[part=expanded]')!.textContent).to.equal(expected);
    $(el, '[part=read]')!.click();
    await el.updateComplete;
    const view = $(el, 'resource-view') as ResourceView;
    await waitUntil(() => view.shadowRoot!.querySelector('[part=item] pre'), 'the resource was not read');
    expect(view.shadowRoot!.querySelector('[part=item] pre')!.textContent).to.equal(`read ${expected}`);
    expect(calls.map((call) => [call.url, call.body])).to.deep.equal([['http://h/resources/read', { uri: expected }]]);
    await expect(el).to.be.accessible();
  });

  it('should suggest values as you type, naming the template and the other variables', async () => {
    const { calls } = serve({ repo: ['servers', 'specification', 'inspector'] });
    const el = await show(USERS, true);
    type(el, 'owner', 'modelcontextprotocol');
    type(el, 'repo', 's');
    await waitUntil(() => $$(el, 'datalist')[1].querySelector('option'), 'no suggestions came');
    expect([...$$(el, 'datalist')[1].querySelectorAll('option')].map((o) => o.value)).to.deep.equal([
      'servers',
      'specification',
    ]);
    expect(calls.map((call) => call.body)).to.deep.equal([
      {
        ref: { type: 'ref/resource', uri: USERS.uriTemplate },
        argument: { name: 'repo', value: 's' },
        context: { arguments: { owner: 'modelcontextprotocol' } },
      },
    ]);
  });

  it('should say why a template that does not parse cannot be filled in', async () => {
    serve();
    const el = await show({ uriTemplate: 'file:///{path', name: 'broken' });
    expect($(el, '[role=alert]')!.textContent).to.contain('This template cannot be filled in: A “{” is never closed');
    expect($(el, 'form')).to.equal(null);
  });

  it('should show XSS payloads as text and encode them into the URI, creating no element from them', async () => {
    serve({ q: [XSS] });
    const el = await show(
      { uriTemplate: `x://${XSS.replace(/[{}]/g, '')}/{q}`, name: XSS, title: XSS, description: XSS, mimeType: XSS },
      true,
    );
    type(el, 'q', '<');
    await waitUntil(() => $(el, 'datalist option'), 'no suggestions came');
    expect(($(el, 'datalist option') as HTMLOptionElement).value).to.equal(XSS);
    type(el, 'q', XSS);
    await el.updateComplete;
    expect($(el, 'h3')!.textContent).to.equal(XSS);
    expect($(el, '.description')!.textContent).to.equal(XSS);
    expect($(el, '[part=expanded]')!.textContent).to.contain(encodeURIComponent('<img')).and.not.contain('/<img');
    $(el, '[part=read]')!.click();
    await el.updateComplete;
    const view = $(el, 'resource-view') as ResourceView;
    await waitUntil(() => view.shadowRoot!.querySelector('[part=item] pre'), 'the resource was not read');
    expectNoInjection(el);
  });
});
