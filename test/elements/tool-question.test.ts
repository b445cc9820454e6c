// Questions a tool's server asks during a live call (MCP elicitation), in <tool-console>: the `request` event opens a
// modal dialog, the user's answer goes to `POST {tool}/requests/{id}`, and what the server answers (or a
// `request-closed` event, or the call's end) closes it or keeps it open. The call's answer is a stream the test writes
// into, so each step is seen while the call runs.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { JsonSchema } from '../../elements/api.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { json, type EventStreamAnswer } from './fetch-stub.js';
import {
  $,
  answers,
  backend,
  button,
  click,
  dialog,
  focused,
  isOpen,
  noContent,
  questionRoot,
  running,
  text,
  type,
} from './question-console.helpers.js';
import { recordingOpens } from './window-open.js';

// An id that must be percent-encoded in the answer's URL (the tool's name must be too).
const ID = 'q 1/2';
const ANSWER_URL = `${location.origin}/api/tools/team%2Fask/requests/q%201%2F2`;
const RESULT = { content: [{ type: 'text', text: 'done' }] };

const FORM: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2 },
    email: { type: 'string', format: 'email', description: 'For the receipt.' },
    count: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
    subscribe: { type: 'boolean', default: true },
    size: { type: 'string', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'], default: 'm' },
    colour: {
      type: 'string',
      oneOf: [
        { const: 'r', title: 'Red' },
        { const: 'g', title: 'Green' },
      ],
    },
    toppings: { type: 'array', items: { type: 'string', enum: ['ham', 'egg', 'kale'] }, default: ['egg'] },
    extras: { type: 'array', items: { anyOf: [{ const: 'x', title: 'Extra cheese' }] } },
  },
  required: ['name'],
};

/** Sends a `request` event and waits for its dialog. */
async function ask(el: ToolConsole, stream: EventStreamAnswer, params: Record<string, unknown>, id = ID) {
  stream.send('request', { id, kind: 'elicitation', params });
  const message = String(params.message).replace(/\s+/g, ' ').trim();
  await waitUntil(() => isOpen(el) && text(questionRoot(el).querySelector('.message')) === message, 'asked');
}

/** The control labelled `label` in the dialog (the label's text without the required mark). */
function field<T extends HTMLElement = HTMLInputElement>(el: ToolConsole, label: string): T {
  const labels = [...dialog(el).querySelectorAll('label')].filter(
    (candidate) => candidate.textContent!.replace('*', '').trim() === label,
  );
  if (labels.length !== 1) throw new Error(`${labels.length} labels named "${label}"`);
  return questionRoot(el).getElementById(labels[0].htmlFor) as T;
}

describe('<tool-console> questions from the server', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('should open a modal dialog named by the message, saying which server asks, with the focus inside', async () => {
    const { el, stream } = await running();
    const execute = $(el, 'tool-form')!.shadowRoot!.querySelector('[part~="execute"]');
    expect(focused()).to.equal(execute);
    await ask(el, stream, { mode: 'form', message: 'Who is ordering?', requestedSchema: FORM });
    expect(dialog(el).matches(':modal')).to.equal(true);
    expect(text(questionRoot(el).querySelector('.asker'))).to.equal('Acme Tools asks:');
    // Named by the server's message: the dialog is labelled by the element that shows it.
    const label = questionRoot(el).getElementById(dialog(el).getAttribute('aria-labelledby')!);
    expect([label?.textContent, label?.classList.contains('message')]).to.deep.equal(['Who is ordering?', true]);
    expect(focused()).to.equal(field(el, 'Your name'));
    expect(dialog(el).contains(focused())).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('should pre-fill the defaults and send them, check locally first, and post the answer with the token', async () => {
    const { el, stream } = await running();
    await ask(el, stream, { mode: 'form', message: 'Who is ordering?', requestedSchema: FORM });
    expect(field(el, 'count').value).to.equal('2');
    expect(field(el, 'subscribe').checked).to.equal(true);
    const size = field<HTMLSelectElement>(el, 'size');
    expect([...size.options].map((option) => option.textContent)).to.deep.equal([
      '(not set)',
      'Small',
      'Medium',
      'Large',
    ]);
    expect(size.selectedOptions[0].textContent).to.equal('Medium');
    // The multi-selects: a checkbox per choice, labelled by its name (items' enum, or anyOf of titled consts).
    expect([field(el, 'ham').checked, field(el, 'egg').checked, field(el, 'kale').checked]).to.deep.equal([
      false,
      true,
      false,
    ]);
    // Accept with the required name missing: nothing is sent; the field says why and has the focus.
    await click(el, button(el, 'Accept'));
    await $(el, 'tool-question')!.updateComplete;
    const name = field(el, 'Your name');
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(text(questionRoot(el).getElementById(`${name.id}-error`))).to.equal("must have required property 'name'");
    expect(focused()).to.equal(name);
    // Bounds are checked too, and live once Accept was pressed.
    await type(el, name, 'A');
    expect(text(questionRoot(el).getElementById(`${name.id}-error`))).to.equal('must NOT have fewer than 2 characters');
    // Typing keeps the focus where it is.
    field(el, 'email').focus();
    await type(el, field(el, 'email'), 'not an address');
    expect(focused()).to.equal(field(el, 'email'));
    await click(el, button(el, 'Accept'));
    expect(answers()).to.deep.equal([]);
    expect(text(questionRoot(el).getElementById(`${field(el, 'email').id}-error`))).to.equal(
      'must match format "email"',
    );
    await type(el, name, 'Ada');
    await type(el, field(el, 'email'), '');
    await click(el, field(el, 'Extra cheese'));
    const execute = $(el, 'tool-form')!.shadowRoot!.querySelector('[part~="execute"]');
    // Enter in a field is Accept.
    name.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !isOpen(el), 'the dialog closes once the server took the answer');
    expect(answers()).to.deep.equal([
      {
        url: ANSWER_URL,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
        body: {
          action: 'accept',
          content: { name: 'Ada', count: 2, subscribe: true, size: 'm', toppings: ['egg'], extras: ['x'] },
        },
      },
    ]);
    // The focus is back where it was before the question.
    expect(focused()).to.equal(execute);
    // The call goes on.
    expect($(el, 'progress')).to.not.equal(null);
  });

  it('should post Decline and Cancel as they are, and Escape as Cancel', async () => {
    const { el, stream } = await running();
    const schema = { type: 'object', properties: { why: { type: 'string' } }, required: ['why'] };
    await ask(el, stream, { mode: 'form', message: 'First?', requestedSchema: schema }, 'a');
    await click(el, button(el, 'Decline'));
    await waitUntil(() => !isOpen(el), 'closed after Decline');
    await ask(el, stream, { message: 'Second?', requestedSchema: schema }, 'b');
    await click(el, button(el, 'Cancel'));
    await waitUntil(() => !isOpen(el), 'closed after Cancel');
    await ask(el, stream, { mode: 'form', message: 'Third?', requestedSchema: schema }, 'c');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => answers().length === 3 && !isOpen(el), 'closed after Escape');
    expect(answers().map(({ url, body }) => [url.split('/').at(-1), body])).to.deep.equal([
      ['a', { action: 'decline' }],
      ['b', { action: 'cancel' }],
      ['c', { action: 'cancel' }],
    ]);
  });

  it('should show the server’s field errors (400) at the fields and stay open until the answer is taken', async () => {
    const { el, stream } = await running();
    await ask(el, stream, { mode: 'form', message: 'Who?', requestedSchema: FORM });
    backend.answerWith = () =>
      json(
        {
          error: 'The answer does not match the requested schema.',
          errors: [
            { path: '/name', message: 'must be a name on the list', keyword: 'enum' },
            { path: '', message: 'must not be <b>this</b>', keyword: 'not' },
          ],
        },
        400,
      );
    await type(el, field(el, 'Your name'), 'Bob');
    await click(el, button(el, 'Accept'));
    await waitUntil(() => questionRoot(el).querySelector('[role=alert]'), 'the refusal is shown');
    expect(isOpen(el)).to.equal(true);
    const name = field(el, 'Your name');
    expect(text(questionRoot(el).getElementById(`${name.id}-error`))).to.equal('must be a name on the list');
    expect(text(questionRoot(el).querySelector('.top-errors'))).to.equal('Answer: must not be <b>this</b>');
    expect(text(questionRoot(el).querySelector('[role=alert]'))).to.equal(
      'The answer does not match the requested schema.',
    );
    // What the user changes is no longer what the server turned down.
    await type(el, name, 'Ada');
    expect(questionRoot(el).getElementById(`${name.id}-error`)).to.equal(null);
    backend.answerWith = noContent;
    await click(el, button(el, 'Accept'));
    await waitUntil(() => !isOpen(el), 'closed once taken');
    expect(answers().length).to.equal(2);
  });

  it('should keep the dialog open with the message on 401, 403 and no answer; close on 409 and on 404 with its message', async () => {
    const { el, stream } = await running();
    const schema = { type: 'object', properties: {} };
    await ask(el, stream, { mode: 'form', message: 'Go on?', requestedSchema: schema });
    const alert = () => text(questionRoot(el).querySelector('[role=alert]'));
    backend.answerWith = () => json({ error: 'Unauthorized' }, 401);
    await click(el, button(el, 'Accept'));
    await waitUntil(() => alert() === 'Unauthorized', 'the 401 is said');
    backend.answerWith = () => json({ error: 'Execution is disabled on this server.' }, 403);
    await click(el, button(el, 'Decline'));
    await waitUntil(() => alert() === 'Execution is disabled on this server.', 'the 403 is said');
    backend.answerWith = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(el, button(el, 'Accept'));
    await waitUntil(() => alert()?.startsWith('The answer did not reach the server.'), 'the network failure is said');
    expect(isOpen(el)).to.equal(true);
    backend.answerWith = () => json({ error: 'This request was already answered.' }, 409);
    await click(el, button(el, 'Accept'));
    await waitUntil(() => !isOpen(el), 'closed on 409');
    await ask(el, stream, { mode: 'form', message: 'And now?', requestedSchema: schema }, 'late');
    backend.answerWith = () => json({ error: 'No open request “late”: the call has ended.' }, 404);
    await click(el, button(el, 'Accept'));
    await waitUntil(() => !isOpen(el), 'closed on 404');
    await el.updateComplete;
    const notice = 'The server no longer waits for that answer: No open request “late”: the call has ended.';
    expect(text($(el, '.question-notice'))).to.equal(notice);
    expect(text($(el, '[aria-live=polite]'))).to.equal(notice);
    expect(answers().length).to.equal(5);
  });

  it('should close when the server closes the question, or the call ends, and ask the next question in order', async () => {
    const { el, stream } = await running(null);
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    await ask(el, stream, { mode: 'form', message: 'One?', requestedSchema: schema }, 'one');
    expect(text(questionRoot(el).querySelector('.asker'))).to.equal('The server asks:');
    stream.send('request', { id: 'two', kind: 'elicitation', params: { message: 'Two?', requestedSchema: schema } });
    // A kind the page cannot answer is not shown.
    stream.send('request', { id: 'three', kind: 'roots', params: { messages: [] } });
    stream.send('request-closed', { id: 'one', reason: 'cancelled' });
    await waitUntil(() => text(questionRoot(el).querySelector('.message')) === 'Two?', 'the next question is asked');
    expect(isOpen(el)).to.equal(true);
    expect(focused()).to.equal(field(el, 'a'));
    expect($(el, '.question-notice')).to.equal(null);
    stream.send('result', { status: 200, result: RESULT });
    await waitUntil(() => $(el, 'tool-result'), 'the result is shown');
    await waitUntil(() => !isOpen(el), 'the call’s end closes its question');
    expect(answers()).to.deep.equal([]);
  });

  it('should show a URL question’s domain and open it only when asked, without opener or referrer', async () => {
    await recordingOpens(async (opened) => {
      const { el, stream } = await running();
      const url = 'https://auth.example.com:8443/login?next=<b>home</b>';
      await ask(el, stream, { mode: 'url', message: 'Sign in to continue.', url, elicitationId: 'e1' });
      expect(text(questionRoot(el).querySelector('.domain'))).to.equal('auth.example.com:8443');
      expect(text(questionRoot(el).querySelector('.url'))).to.equal(url);
      expect(opened).to.deep.equal([]);
      await expect(el).to.be.accessible();
      await click(el, button(el, 'Open auth.example.com:8443'));
      expect(opened).to.deep.equal([[new URL(url).href, '_blank', 'noopener,noreferrer']]);
      await waitUntil(() => questionRoot(el).querySelector('[role=status]'), 'it waits for the server');
      expect(text(questionRoot(el).querySelector('[role=status]'))).to.equal(
        'Finish in the new tab; this closes when the server says it is done.',
      );
      expect(answers().map(({ url: to, body }) => [to, body])).to.deep.equal([[ANSWER_URL, { action: 'accept' }]]);
      stream.send('request-closed', { id: ID, reason: 'completed' });
      await waitUntil(() => !isOpen(el), 'closed when the server is done');
      expect(text($(el, '.question-notice'))).to.equal('The server says this step is complete.');
      expect(text($(el, '[aria-live=polite]'))).to.equal('The server says this step is complete.');
      // A look-alike domain shows as what it is; and the user may stop waiting.
      await ask(el, stream, { mode: 'url', message: 'Pay here.', url: 'https://аpple.com/pay' }, 'pay');
      expect(text(questionRoot(el).querySelector('.domain'))).to.equal('xn--pple-43d.com');
      await click(el, button(el, 'Open xn--pple-43d.com'));
      await waitUntil(() => questionRoot(el).querySelector('[role=status]'), 'it waits for the server');
      await click(el, button(el, 'Close'));
      await waitUntil(() => !isOpen(el), 'closed by the user');
      expect(answers().length).to.equal(2);
      expect(opened.length).to.equal(2);
    });
  });

  it('should show a link that is not http(s) as text only, offering Decline and Cancel', async () => {
    const { el, stream } = await running();
    await ask(el, stream, { mode: 'url', message: 'Run this.', url: 'javascript:window.pwned=1' });
    expect(text(questionRoot(el).querySelector('.url'))).to.equal('javascript:window.pwned=1');
    expect(questionRoot(el).querySelector('.domain, a')).to.equal(null);
    expect([...dialog(el).querySelectorAll('button')].map((candidate) => text(candidate))).to.deep.equal([
      'Decline',
      'Cancel',
    ]);
    expect(text(questionRoot(el).querySelector('.warning'))).to.equal(
      'Only http and https links can be opened from here: this one is shown as text.',
    );
    await click(el, button(el, 'Decline'));
    await waitUntil(() => !isOpen(el), 'closed after Decline');
    expect(answers()[0].body).to.deep.equal({ action: 'decline' });
  });

  it('should still name a question the server sent without a message', async () => {
    const { el, stream } = await running();
    stream.send('request', { id: ID, kind: 'elicitation', params: { requestedSchema: { type: 'object' } } });
    await waitUntil(() => isOpen(el), 'asked');
    expect(text(questionRoot(el).querySelector('#message'))).to.equal('(The server gave no message.)');
    expect(text(dialog(el))).to.contain('Accept');
    await expect(el).to.be.accessible();
  });

  it('should show the server’s words as text: message, titles, descriptions, choices', async () => {
    const { el, stream } = await running(JSON.stringify({ name: '<img src=x onerror="window.pwned=1">' }));
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
    await ask(el, stream, {
      mode: 'form',
      message: `Really?\n${hostile}`,
      requestedSchema: {
        type: 'object',
        properties: {
          pick: {
            type: 'string',
            title: '<b>Pick</b>',
            description: hostile,
            enum: ['a'],
            enumNames: ['<img src=x onerror="window.pwned=1">'],
          },
        },
      },
    });
    const root = questionRoot(el);
    expect(root.querySelector('dialog img, dialog script, dialog b')).to.equal(null);
    expect(text(root.querySelector('.asker'))).to.equal('<img src=x onerror="window.pwned=1"> asks:');
    expect(root.querySelector('.message')!.textContent).to.equal(`Really?\n${hostile}`);
    expect(field<HTMLSelectElement>(el, '<b>Pick</b>').options[1].textContent).to.equal(
      '<img src=x onerror="window.pwned=1">',
    );
    expect((window as { pwned?: unknown }).pwned).to.equal(undefined);
  });
});
