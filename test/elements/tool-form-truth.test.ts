// The form sends what the user sees: known problems stop Execute (with a way to send anyway), invalid JSON never
// runs older arguments, and the keyboard reaches every step. Each test is one thing a person tried and met.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';

const graph = {
  type: 'object',
  properties: {
    entities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          observations: { type: 'array', items: { type: 'string' } },
        },
        required: ['name'],
      },
    },
    head: { type: 'integer' },
  },
  required: ['entities'],
};

/** A backend whose validate says nothing is wrong (the form's own checks are what is tested) and whose call echoes. */
function lenient() {
  return stubFetch((call: FetchCall) =>
    call.url.endsWith('/validate') ? json({ valid: true }) : json({ content: [{ type: 'text', text: 'done' }] }),
  );
}

const sent = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/call')).map((call) => call.body);

/** Presses Execute and waits until the form has stopped the call and said why. */
async function executeStopped(el: ToolForm): Promise<void> {
  button(el, 'Execute').click();
  await waitUntil(() => query(el, '.blocked[role="alert"]'), 'Execute did not stop');
}

/** The id of what has the focus inside the form (ids compare cleanly where elements would not). */
const focused = (el: ToolForm) => el.shadowRoot!.activeElement?.id || el.shadowRoot!.activeElement?.localName;

function keydown(target: Element, key: string, init: KeyboardEventInit = {}) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init }));
}

describe('<tool-form> sends what the user sees', () => {
  it('disables Execute while the JSON view does not parse, says where, and never sends the older arguments', async () => {
    const stub = lenient();
    const el = await formFor(graph);
    await click(el, button(el, 'JSON'));
    const raw = query<HTMLTextAreaElement>(el, '[part="raw-json"]')!;
    await typeInto(el, raw, '{"entities": [{}]}');
    expect(el.value).to.deep.equal({ entities: [{}] });
    await typeInto(el, raw, '{\n  "entities": [{"name": "Bob"\n  ]\n}');
    const error = query(el, '#raw-json-error')!;
    expect(error.textContent).to.match(/Invalid JSON at line 3, column 3/);
    expect(button(el, 'Execute').disabled).to.equal(true);
    expect(button(el, 'Execute').getAttribute('aria-describedby')).to.equal('raw-json-error');
    keydown(raw, 'Enter', { ctrlKey: true });
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([]);
    await typeInto(el, raw, '{"entities": [{"name": "Bob"}]}');
    expect(button(el, 'Execute').disabled).to.equal(false);
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Execute'));
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{ entities: [{ name: 'Bob' }] }]);
  });

  it('marks and focuses a required field left empty instead of sending, and sends anyway when asked', async () => {
    const stub = lenient();
    const el = await formFor(graph);
    await executeStopped(el);
    expect(sent(stub.calls)).to.deep.equal([]);
    const alert = query(el, '.blocked[role="alert"]')!;
    expect(alert.textContent).to.contain('One problem needs attention');
    // `entities` is a list: its fieldset is marked, and focus goes to the list's first control.
    const list = query(el, 'fieldset[aria-invalid="true"]')!;
    expect(list.textContent).to.contain("must have required property 'entities'");
    expect(list.contains(el.shadowRoot!.activeElement)).to.equal(true);
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Send anyway'));
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{}]);
  });

  it('does not send text from a number field, and focuses that field', async () => {
    // The validator says it too, in its words: one problem, said twice under one field.
    const stub = stubFetch((call: FetchCall) =>
      !call.url.endsWith('/validate')
        ? json({ content: [] })
        : typeof (call.body as { head?: unknown }).head === 'string'
          ? json({ valid: false, errors: [{ path: '/head', message: 'must be integer', keyword: 'type' }] })
          : json({ valid: true }),
    );
    const el = await formFor({ type: 'object', properties: { head: { type: 'integer' } } });
    await typeInto(el, control(el, 'head'), 'abc');
    await executeStopped(el);
    expect(sent(stub.calls)).to.deep.equal([]);
    expect(focused(el)).to.equal(control(el, 'head').id);
    const said = query(el, `#${control(el, 'head').id}-error`)!.textContent;
    expect(said).to.contain('Not a number.').and.to.contain('must be integer');
    expect(query(el, '.blocked')!.textContent, 'one field, one problem').to.contain('One problem needs attention');
    await typeInto(el, control(el, 'head'), '12');
    expect(query(el, '.blocked'), 'an edit clears the stop').to.equal(null);
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Execute'));
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{ head: 12 }]);
  });

  it('stops on the errors the server reports for the arguments being sent', async () => {
    const stub = stubFetch((call) =>
      call.url.endsWith('/validate')
        ? json({ valid: false, errors: [{ path: '/head', message: 'must be <= 10', keyword: 'maximum' }] })
        : json({ content: [] }),
    );
    const el = await formFor({ type: 'object', properties: { head: { type: 'integer' } } });
    await typeInto(el, control(el, 'head'), '12');
    await executeStopped(el);
    expect(sent(stub.calls)).to.deep.equal([]);
    expect(control(el, 'head').getAttribute('aria-invalid')).to.equal('true');
    expect(focused(el)).to.equal(control(el, 'head').id);
  });

  it('says at once that the arguments are larger than the server accepts, and uploads them nowhere', async () => {
    const stub = lenient();
    const tool = {
      name: 'note',
      description: '',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    };
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" allow-execute validate-delay="0" max-body="2048"
      .tool=${tool}></tool-form>`);
    await typeInto(el, control(el, 'text'), 'é'.repeat(1200));
    await el.validationComplete;
    expect(query(el, '.top-errors')!.textContent).to.contain(
      'The arguments are 2.4 KB; this server accepts 2 KB (its --max-body).',
    );
    await executeStopped(el);
    // The answer is a certain 413: neither the validate endpoint nor the call gets the bytes, and nothing offers to try.
    const uploads = stub.calls.filter((call) => call.method === 'POST' && JSON.stringify(call.body).length > 2048);
    expect(uploads.map((call) => call.url)).to.deep.equal([]);
    expect(query(el, '.blocked')!.textContent).to.contain('too large to send');
    expect(() => button(el, 'Send anyway')).to.throw('No button');
    expect(focused(el)).to.equal('ul');
    // Shorter again, they are checked and sent as ever.
    await typeInto(el, control(el, 'text'), 'short');
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Execute'));
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{ text: 'short' }]);
  });

  it('counts the problems it shows in the banner: two at the top are two', async () => {
    stubFetch((call) =>
      call.url.endsWith('/validate')
        ? json({
            valid: false,
            errors: [
              { path: '', message: 'must have at least 1 properties', keyword: 'minProperties' },
              { path: '', message: 'must match a schema in anyOf', keyword: 'anyOf' },
            ],
          })
        : json({ content: [] }),
    );
    const el = await formFor({ type: 'object', properties: { head: { type: 'integer' } } });
    await executeStopped(el);
    expect(el.shadowRoot!.querySelectorAll('.top-errors li').length).to.equal(2);
    expect(query(el, '.blocked')!.textContent).to.contain('2 problems need attention');
  });

  it('asks before a destructive tool runs, also when the user sends anyway', async () => {
    const stub = lenient();
    const el = await formFor(graph, { annotations: { destructiveHint: true } });
    await executeStopped(el);
    await click(el, button(el, 'Send anyway'));
    await el.updateComplete;
    expect(sent(stub.calls), 'nothing runs before the confirmation').to.deep.equal([]);
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Confirm: run destructive tool'));
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{}]);
  });

  it('says when arguments are too large to check as they are typed (the validate endpoint answered 413)', async () => {
    stubFetch((call) =>
      call.url.endsWith('/validate')
        ? json({ error: 'Request body too large', limitBytes: 64 }, 413)
        : json({ content: [] }),
    );
    const el = await formFor({ type: 'object', properties: { text: { type: 'string' } } });
    await typeInto(el, control(el, 'text'), 'x'.repeat(100));
    await el.validationComplete;
    await el.updateComplete;
    expect(el.shadowRoot!.textContent).to.contain('too large to check as you type');
  });
});

describe('<tool-form> JSON view', () => {
  it('fills the form’s width in a monospace font and grows with its content', async () => {
    const el = await formFor(graph);
    el.style.width = '600px';
    await click(el, button(el, 'JSON'));
    const raw = query<HTMLTextAreaElement>(el, '[part="raw-json"]')!;
    const form = query(el, 'form')!;
    expect(raw.getBoundingClientRect().width).to.be.closeTo(form.getBoundingClientRect().width, 2);
    expect(getComputedStyle(raw).fontFamily).to.match(/mono|Menlo|Consolas/i);
    const before = raw.getBoundingClientRect().height;
    await typeInto(
      el,
      raw,
      JSON.stringify({ entities: Array.from({ length: 30 }, (_, i) => ({ name: `n${i}` })) }, null, 2),
    );
    expect(raw.getBoundingClientRect().height).to.be.greaterThan(before);
  });

  it('keeps the caret where it was while the form redraws around it', async () => {
    lenient();
    const el = await formFor(graph);
    await click(el, button(el, 'JSON'));
    const raw = query<HTMLTextAreaElement>(el, '[part="raw-json"]')!;
    const text = '{"entities": [{"name": "Bob"}], "head": 1}';
    raw.value = text;
    const caret = text.indexOf('Bob') + 2;
    raw.setSelectionRange(caret, caret);
    raw.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await el.updateComplete;
    await el.validationComplete;
    await el.updateComplete;
    expect([raw.selectionStart, raw.selectionEnd]).to.deep.equal([caret, caret]);
  });
});

describe('<tool-form> tools without arguments', () => {
  it('says the tool takes no arguments and shows just Execute', async () => {
    const stub = lenient();
    for (const inputSchema of [{ type: 'object' }, { type: 'object', properties: {} }]) {
      const el = await formFor(inputSchema);
      expect(query(el, '.fields, textarea, input')).to.equal(null);
      expect(el.shadowRoot!.textContent).to.contain('This tool takes no arguments.');
      const ended = oneEvent(el, 'tool-call-end');
      await click(el, button(el, 'Execute'));
      await ended;
    }
    expect(sent(stub.calls)).to.deep.equal([{}, {}]);
  });

  it('offers the key/value editor when the schema allows any keys', async () => {
    const el = await formFor({ type: 'object', additionalProperties: true });
    const key = control(el, 'New key in arguments');
    await typeInto(el, key, 'limit');
    // Enter in the new-key box adds the key (it does not run the tool).
    keydown(key, 'Enter');
    await el.updateComplete;
    expect(el.value).to.deep.equal({ limit: null });
  });
});

describe('<tool-form> by keyboard', () => {
  it('runs on Enter in a single-line field, but not in a text area', async () => {
    const stub = lenient();
    const el = await formFor({
      type: 'object',
      properties: { city: { type: 'string' }, letter: { type: 'string', maxLength: 5000 } },
    });
    await typeInto(el, control(el, 'letter'), 'Dear');
    keydown(control(el, 'letter'), 'Enter');
    await el.updateComplete;
    expect(sent(stub.calls)).to.deep.equal([]);
    await typeInto(el, control(el, 'city'), 'Oslo');
    const ended = oneEvent(el, 'tool-call-end');
    keydown(control(el, 'city'), 'Enter');
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{ city: 'Oslo', letter: 'Dear' }]);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement === button(el, 'Execute'), 'focus waits on Execute after the run').to.equal(
      true,
    );
  });

  it('leaves a destructive confirmation on Escape, back on Execute, without running', async () => {
    const stub = lenient();
    const el = await formFor({ type: 'object', properties: {} }, { annotations: { destructiveHint: true } });
    button(el, 'Execute').click();
    await waitUntil(() => el.shadowRoot!.activeElement?.textContent === 'Confirm: run destructive tool');
    keydown(el.shadowRoot!.activeElement!, 'Escape');
    await waitUntil(() => el.shadowRoot!.activeElement?.getAttribute('part') === 'execute', 'focus back on Execute');
    expect(el.shadowRoot!.activeElement!.textContent!.trim()).to.equal('Execute');
    expect(sent(stub.calls)).to.deep.equal([]);
  });

  it('names the buttons of nested lists after the item that holds them', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        graph: graph.properties.entities,
        matrix: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
      },
    });
    for (const list of ['graph', 'matrix']) {
      await click(el, button(el, `Add item to ${list}`));
      await click(el, button(el, `Add item to ${list}`));
    }
    const inner = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.add')].filter(
      (add) => !['Add item to graph', 'Add item to matrix'].includes(add.getAttribute('aria-label')!),
    );
    for (const add of inner) await click(el, add);
    const names = [...el.shadowRoot!.querySelectorAll('button[aria-label]')].map((b) => b.getAttribute('aria-label')!);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).to.deep.equal([]);
    expect(names).to.include.members([
      'Remove Item 1 of observations in Item 2 of graph',
      'Add item to observations in Item 2 of graph',
      'Remove Item 1 of Item 2 of matrix',
      'Add item to Item 2 of matrix',
    ]);
  });

  it('names each Add item button after its list', async () => {
    const el = await formFor(graph);
    await click(el, button(el, 'Add item to entities'));
    expect(button(el, 'Add item to observations in Item 1 of entities')).to.exist;
    const names = [...el.shadowRoot!.querySelectorAll('button.add')].map((add) => add.getAttribute('aria-label'));
    expect(new Set(names).size).to.equal(names.length);
  });
});
