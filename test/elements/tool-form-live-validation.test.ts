// Live validation as the user meets it: the latest edit is the one asked about, a failed or odd answer shows nothing
// wrong, a new tool starts clean, and the JSON view says what is wrong with its text in a way a screen reader reads.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';

const note = { type: 'object', properties: { text: { type: 'string' } } };

const validations = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/validate'));
const sent = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/call')).map((call) => call.body);
const text = (el: ToolForm) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');

/** A backend whose validate answers are held until the test gives them, one by one. */
function heldValidation() {
  const answers: ((response: Response) => void)[] = [];
  const stub = stubFetch((call) =>
    call.url.endsWith('/validate')
      ? new Promise<Response>((resolve) => answers.push(resolve))
      : json({ content: [{ type: 'text', text: 'done' }] }),
  );
  return { stub, answers };
}

const invalid = (message: string) => json({ valid: false, errors: [{ path: '/text', keyword: 'pattern', message }] });

describe('<tool-form> live validation', () => {
  it('asks about the latest edit only: a newer edit aborts the request still out', async () => {
    const { stub, answers } = heldValidation();
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'a');
    await waitUntil(() => validations(stub.calls).length === 1);
    await typeInto(el, control(el, 'text'), 'ab');
    await waitUntil(() => validations(stub.calls).length === 2);
    await typeInto(el, control(el, 'text'), 'abc');
    await waitUntil(() => validations(stub.calls).length === 3);
    expect(validations(stub.calls).map((call) => call.signal!.aborted)).to.deep.equal([true, true, false]);
    answers[2](invalid('must not be abc'));
    await el.validationComplete;
    await el.updateComplete;
    expect(text(el)).to.contain('must not be abc');
  });

  it('keeps the errors shown while a newer answer is awaited', async () => {
    const { stub, answers } = heldValidation();
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'a');
    await waitUntil(() => validations(stub.calls).length === 1);
    answers[0](invalid('must start with b'));
    await el.validationComplete;
    await el.updateComplete;
    await typeInto(el, control(el, 'text'), 'ab');
    await waitUntil(() => validations(stub.calls).length === 2);
    // The third edit aborts the second request; that abort is no answer and clears nothing.
    await typeInto(el, control(el, 'text'), 'abc');
    await waitUntil(() => validations(stub.calls).length === 3);
    await el.updateComplete;
    expect(text(el)).to.contain('must start with b');
  });

  it('sends no validation that waits when the form is removed', async () => {
    const { stub } = heldValidation();
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'a');
    await waitUntil(() => validations(stub.calls).length === 1);
    el.remove();
    expect(validations(stub.calls)[0].signal!.aborted).to.equal(true);
  });

  it('shows nothing wrong when the validate endpoint cannot be reached, and still sends', async () => {
    const stub = stubFetch((call) => {
      if (call.url.endsWith('/validate')) throw new TypeError('Failed to fetch');
      return json({ content: [] });
    });
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'a');
    await el.validationComplete;
    await el.updateComplete;
    expect(query(el, '.top-errors')!.textContent!.trim()).to.equal('');
    expect(text(el)).not.to.contain('too large to check');
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{ text: 'a' }]);
  });

  it('drops the "too large to check" note once shorter arguments are checked', async () => {
    stubFetch((call) =>
      (call.body as { text: string }).text.length > 50
        ? json({ error: 'Request body too large' }, 413)
        : json({ valid: true }),
    );
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'x'.repeat(100));
    await el.validationComplete;
    await el.updateComplete;
    expect(text(el)).to.contain('too large to check as you type');
    await typeInto(el, control(el, 'text'), 'x');
    await el.validationComplete;
    await el.updateComplete;
    expect(text(el)).not.to.contain('too large to check as you type');
  });

  it('shows no error for an answer that lists none, or says valid', async () => {
    let answer: unknown = { valid: false };
    const stub = stubFetch((call) => (call.url.endsWith('/validate') ? json(answer) : json({ content: [] })));
    const el = await formFor(note);
    await el.execute();
    expect(query(el, '.top-errors')!.textContent!.trim()).to.equal('');
    answer = { valid: true, errors: [{ path: '/text', keyword: 'pattern', message: 'a warning only' }] };
    await el.execute();
    expect(text(el)).not.to.contain('a warning only');
    expect(sent(stub.calls)).to.deep.equal([{}, {}]);
  });

  it('starts a new tool clean: no old errors, and validates again after a backend without the endpoint', async () => {
    let endpoint = true;
    const stub = stubFetch((call) => (endpoint ? invalid('must start with b') : json({ error: 'Not found' }, 404)));
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'a');
    await el.validationComplete;
    await el.updateComplete;
    expect(text(el)).to.contain('must start with b');
    el.tool = { name: 'other', description: '', inputSchema: note };
    await el.updateComplete;
    expect(text(el)).not.to.contain('must start with b');
    // This tool's backend has no validate endpoint: the form stops asking it...
    endpoint = false;
    await typeInto(el, control(el, 'text'), 'a');
    await el.validationComplete;
    await typeInto(el, control(el, 'text'), 'ab');
    await el.validationComplete;
    expect(validations(stub.calls).length).to.equal(2);
    // ...until another tool is drawn.
    endpoint = true;
    el.tool = { name: 'third', description: '', inputSchema: note };
    await el.updateComplete;
    await typeInto(el, control(el, 'text'), 'a');
    await el.validationComplete;
    expect(validations(stub.calls).length).to.equal(3);
  });

  it('says a required property is missing once when the server says it in the same words', async () => {
    stubFetch((call) =>
      call.url.endsWith('/validate')
        ? json({
            valid: false,
            errors: [{ path: '/text', keyword: 'required', message: "must have required property 'text'" }],
          })
        : json({ content: [] }),
    );
    const el = await formFor({ ...note, required: ['text'] });
    await el.execute();
    expect(text(el).split("must have required property 'text'").length - 1).to.equal(1);
  });
});

describe('<tool-form> JSON view', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  it('refuses JSON that is not an object, and ties the message to the box and to Execute', async () => {
    const el = await formFor(note);
    await click(el, button(el, 'JSON'));
    const box = query<HTMLTextAreaElement>(el, '#raw-json')!;
    expect(box.getAttribute('aria-invalid')).to.equal('false');
    expect(box.hasAttribute('aria-describedby')).to.equal(false);
    expect(button(el, 'Execute').hasAttribute('aria-describedby')).to.equal(false);
    await typeInto(el, box, '[1, 2]');
    expect(box.getAttribute('aria-invalid')).to.equal('true');
    expect(box.getAttribute('aria-describedby')).to.equal('raw-json-error');
    expect(button(el, 'Execute').getAttribute('aria-describedby')).to.equal('raw-json-error');
    expect(query(el, '#raw-json-error')!.textContent).to.equal(
      'The arguments must be a JSON object. Execute waits until the JSON is valid.',
    );
    expect(button(el, 'Execute').disabled).to.equal(true);
  });

  it('marks which view is shown', async () => {
    const el = await formFor(note);
    const pressed = () => [button(el, 'Form'), button(el, 'JSON')].map((tab) => tab.getAttribute('aria-pressed'));
    expect(pressed()).to.deep.equal(['true', 'false']);
    await click(el, button(el, 'JSON'));
    expect(pressed()).to.deep.equal(['false', 'true']);
  });

  it('fires no tool-arguments-change for switching views', async () => {
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'a');
    const changes: Event[] = [];
    el.addEventListener('tool-arguments-change', (event) => changes.push(event));
    await click(el, button(el, 'JSON'));
    await click(el, button(el, 'Form'));
    expect(changes).to.deep.equal([]);
    const typed = oneEvent(el, 'tool-arguments-change');
    await typeInto(el, control(el, 'text'), 'b');
    expect((await typed).detail.arguments).to.deep.equal({ text: 'b' });
  });
});
