// Where the form's tool and arguments come from: a tool fetched by name (loading, failing, none), a client from `api`
// or `src` (or none: then nothing is asked of any server), and arguments set from outside before, with or after a tool.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ToolApi } from '../../elements/api.js';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, toolWith, typeInto } from './tool-form.helpers.js';

const note = { type: 'object', properties: { text: { type: 'string', default: 'hello' }, n: { type: 'integer' } } };

const validations = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/validate'));
const text = (el: ToolForm) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim();

describe('<tool-form> loading its tool', () => {
  it('says it is loading, then draws the tool; a given tool is never fetched', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stub = stubFetch(async (call) => {
      if (call.method === 'GET') await held;
      return call.method === 'GET' ? json(toolWith(note)) : json({ valid: true });
    });
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" name="demo/tool"></tool-form>`);
    expect(text(el)).to.equal('Loading the tool…');
    release();
    await el.loadComplete;
    await el.updateComplete;
    expect(control(el, 'text').value).to.equal('hello');
    const given = await fixture<ToolForm>(html`<tool-form src="/api/tools" name="demo/tool"
      .tool=${toolWith(note, { name: 'given' })}></tool-form>`);
    await given.loadComplete;
    expect(stub.calls.filter((call) => call.method === 'GET').length).to.equal(1);
  });

  it('says why the tool could not be loaded', async () => {
    stubFetch(() => json({ error: 'No tool named demo/tool' }, 404));
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" name="demo/tool"></tool-form>`);
    await el.loadComplete.catch(() => undefined);
    await el.updateComplete;
    expect(query(el, '[role="alert"]')!.textContent).to.match(/^Could not load the tool: .+/);
  });

  it('says no tool is selected, and asks nothing, without a name or without a server', async () => {
    const stub = stubFetch(() => json(toolWith(note)));
    for (const el of [
      await fixture<ToolForm>(html`<tool-form src="/api/tools"></tool-form>`),
      await fixture<ToolForm>(html`<tool-form name="demo/tool"></tool-form>`),
    ]) {
      await el.loadComplete;
      await el.updateComplete;
      expect(text(el)).to.equal('No tool selected.');
    }
    expect(stub.calls).to.deep.equal([]);
  });

  it('says no tool is selected once its tool is taken away, also together with new arguments', async () => {
    const el = await formFor(note);
    el.tool = undefined;
    el.value = { text: 'gone' };
    await el.updateComplete;
    await el.loadComplete;
    await el.updateComplete;
    expect(text(el)).to.equal('No tool selected.');
  });

  it('names its form after the tool’s title', async () => {
    const el = await formFor(note, { title: 'Write a note' });
    expect(query(el, 'form')!.getAttribute('aria-label')).to.equal('Arguments of Write a note');
  });

  it('does not let the page submit the form', async () => {
    const el = await formFor(note);
    const submit = new SubmitEvent('submit', { cancelable: true });
    query(el, 'form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).to.equal(true);
  });
});

describe('<tool-form> its client', () => {
  it('asks no server when it has neither api nor src', async () => {
    const stub = stubFetch(() => json({ valid: true }));
    const el = await fixture<ToolForm>(html`<tool-form validate-delay="0" .tool=${toolWith(note)}></tool-form>`);
    await typeInto(el, control(el, 'text'), 'a');
    await el.validationComplete;
    expect(stub.calls).to.deep.equal([]);
  });

  it('asks the api it is given, before its src', async () => {
    const stub = stubFetch(() => json({ valid: true }));
    const el = await fixture<ToolForm>(html`<tool-form validate-delay="0" src="/api/tools"
      .api=${new ToolApi('/other/tools')} .tool=${toolWith(note)}></tool-form>`);
    await typeInto(el, control(el, 'text'), 'a');
    await el.validationComplete;
    expect(stub.calls.map((call) => call.url)).to.deep.equal([
      new URL('/other/tools/demo%2Ftool/validate', location.href).href,
    ]);
  });
});

describe('<tool-form> arguments from outside', () => {
  it('redraws fields after they load, dropping text being typed, and validates the new arguments', async () => {
    const stub = stubFetch(() => json({ valid: true }));
    const el = await formFor(note);
    await typeInto(el, control(el, 'n'), '12x');
    await el.validationComplete;
    el.value = { text: 'replayed', n: 5 };
    await el.updateComplete;
    expect(control(el, 'n').value).to.equal('5');
    expect(control(el, 'text').value).to.equal('replayed');
    await el.validationComplete;
    expect(validations(stub.calls).at(-1)!.body).to.deep.equal({ text: 'replayed', n: 5 });
  });

  it('replaces what the JSON view holds that does not parse', async () => {
    stubFetch(() => json({ valid: true }));
    const el = await formFor(note);
    await click(el, button(el, 'JSON'));
    await typeInto(el, query<HTMLTextAreaElement>(el, '#raw-json')!, '{"text": ');
    el.value = { text: 'replayed' };
    await el.updateComplete;
    expect(JSON.parse(query<HTMLTextAreaElement>(el, '#raw-json')!.value)).to.deep.equal({ text: 'replayed' });
    expect(button(el, 'Execute').disabled).to.equal(false);
  });

  it('keeps arguments given with the tool instead of its defaults, and asks nothing before an edit', async () => {
    const stub = stubFetch(() => json({ valid: true }));
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" validate-delay="0" .tool=${toolWith(note)}
      .value=${{ n: 1 }}></tool-form>`);
    await el.validationComplete;
    expect(control(el, 'text').value).to.equal('');
    expect(control(el, 'n').value).to.equal('1');
    expect(stub.calls).to.deep.equal([]);
  });

  it('keeps arguments set before the named tool arrives, and says which tool they are for', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    stubFetch(async (call) => {
      if (call.method === 'GET') await held;
      return call.method === 'GET' ? json(toolWith(note)) : json({ valid: true });
    });
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" name="demo/tool"></tool-form>`);
    const changes: unknown[] = [];
    el.addEventListener('tool-arguments-change', (event) => changes.push(event.detail));
    el.value = { n: 2 };
    await el.updateComplete;
    release();
    await el.loadComplete;
    await el.updateComplete;
    expect(control(el, 'n').value).to.equal('2');
    expect(control(el, 'text').value).to.equal('');
    expect(changes).to.deep.equal([{ name: 'demo/tool', arguments: { n: 2 } }]);
  });

  it('fires its first tool-arguments-change with the fetched tool’s defaults', async () => {
    stubFetch((call) => (call.method === 'GET' ? json(toolWith(note)) : json({ valid: true })));
    const changes: unknown[] = [];
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" name="demo/tool"
      @tool-arguments-change=${(event: CustomEvent) => changes.push(event.detail)}></tool-form>`);
    await el.loadComplete;
    await waitUntil(() => changes.length > 0);
    expect(changes).to.deep.equal([{ name: 'demo/tool', arguments: { text: 'hello' } }]);
  });

  it('seeds a later tool’s own defaults after arguments from outside', async () => {
    const el = await formFor(note);
    el.value = { n: 3 };
    await el.updateComplete;
    el.tool = toolWith(note, { name: 'other' });
    await el.updateComplete;
    expect(control(el, 'text').value).to.equal('hello');
    expect(control(el, 'n').value).to.equal('');
  });
});

describe('<tool-form> a schema that is not an object', () => {
  it('draws the whole arguments as one required field named Arguments', async () => {
    const el = await formFor({ type: 'string' });
    expect(control(el, 'Arguments')).to.exist;
    // Nothing to remove or leave unset: the arguments are this one value.
    const buttons = [...el.shadowRoot!.querySelectorAll('button')].map((found) => found.textContent!.trim());
    expect(buttons).to.deep.equal(['Form', 'JSON', 'Execute', 'Cancel']);
    expect(el.shadowRoot!.querySelectorAll('input, textarea, select').length).to.equal(1);
  });
});
