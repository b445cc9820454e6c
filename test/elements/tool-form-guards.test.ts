// What stops a run and what lets one through: a call already running, execution not allowed, JSON that does not parse,
// a destructive tool's confirmation, the body limit, a claimed `tool-execute`. A run that should not happen is shown
// not to by running once for real afterwards and counting the calls sent: the stopped attempt would have sent first.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import type { ToolCall } from '../../elements/call/tool-call.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';

const note = { type: 'object', properties: { text: { type: 'string' } } };

const sent = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/call')).map((call) => call.body);

/** A backend whose validate finds nothing wrong and whose call answers at once, or when `hold` lets it. */
function backend(hold?: Promise<void>) {
  return stubFetch(async (call) => {
    if (call.url.endsWith('/validate')) return json({ valid: true });
    await hold;
    return json({ content: [{ type: 'text', text: 'done' }] });
  });
}

function keydown(target: Element, key: string, init: KeyboardEventInit = {}) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init }));
}

const text = (el: ToolForm) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');

describe('<tool-form> guards of Execute', () => {
  it('runs one call at a time: Execute during a run sends nothing more', async () => {
    let release!: () => void;
    const stub = backend(new Promise<void>((resolve) => (release = resolve)));
    const el = await formFor(note);
    const first = el.execute();
    await waitUntil(() => sent(stub.calls).length === 1, 'the first call was not sent');
    await el.updateComplete;
    await el.execute();
    keydown(control(el, 'text'), 'Enter', { ctrlKey: true });
    release();
    await first;
    expect(sent(stub.calls)).to.deep.equal([{}]);
    // `execute()` resolves once the form's own call has ended, with the call it drew.
    expect(el.call!.status).not.to.equal('running');
    expect(button(el, 'Execute').getAttribute('aria-disabled')).to.equal('false');
  });

  it('sends nothing when execution is not allowed, even for arguments without problems', async () => {
    const stub = backend();
    const el = await formFor(note, {}, false);
    await el.execute();
    expect(stub.calls).to.deep.equal([]);
    el.allowExecute = true;
    await el.updateComplete;
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{}]);
  });

  it('sends nothing while the JSON view does not parse, whoever asks (execute(), Ctrl+Enter)', async () => {
    const stub = backend();
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'kept');
    await click(el, button(el, 'JSON'));
    const box = query<HTMLTextAreaElement>(el, '#raw-json')!;
    await typeInto(el, box, '{"text": "new"');
    await el.execute();
    keydown(box, 'Enter', { ctrlKey: true });
    await typeInto(el, box, '{"text": "new"}');
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{ text: 'new' }]);
  });

  it('sends the last valid arguments once the user leaves a JSON view that does not parse for the form', async () => {
    const stub = backend();
    const el = await formFor(note);
    await click(el, button(el, 'JSON'));
    await typeInto(el, query<HTMLTextAreaElement>(el, '#raw-json')!, '{"text": "ok"}');
    await typeInto(el, query<HTMLTextAreaElement>(el, '#raw-json')!, '{"text": ');
    expect(button(el, 'Execute').disabled).to.equal(true);
    await click(el, button(el, 'Form'));
    // The form shows the arguments the JSON last said; they are what Execute sends.
    expect(control(el, 'text').value).to.equal('ok');
    expect(button(el, 'Execute').disabled).to.equal(false);
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{ text: 'ok' }]);
  });

  it('keeps asking before a destructive tool: Execute and Ctrl+Enter during the confirmation run nothing', async () => {
    const stub = backend();
    const el = await formFor(note, { annotations: { destructiveHint: true }, title: 'Erase notes' });
    await el.execute();
    expect(text(el)).to.contain('Erase notes is marked destructive.');
    await el.execute();
    keydown(button(el, 'Confirm: run destructive tool'), 'Enter', { ctrlKey: true });
    await el.updateComplete;
    // Still asking, with the focus on the confirmation.
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'Confirm: run destructive tool'));
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Confirm: run destructive tool'));
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{}]);
    await el.updateComplete;
    expect(button(el, 'Execute')).to.exist;
  });

  it('names an untitled destructive tool by its name in the confirmation', async () => {
    backend();
    const el = await formFor(note, { annotations: { destructiveHint: true } });
    await el.execute();
    expect(text(el)).to.contain('demo/tool is marked destructive.');
  });

  it('asks again for a destructive tool after "Send anyway", and a new tool starts without the question', async () => {
    const stub = backend();
    const required = { ...note, required: ['text'] };
    const el = await formFor(required, { annotations: { destructiveHint: true } });
    await el.execute();
    expect(query(el, '.blocked')!.textContent!.replace(/\s+/g, ' ')).to.contain(
      'One problem needs attention before this call is sent.',
    );
    await click(el, button(el, 'Send anyway'));
    await el.updateComplete;
    expect(button(el, 'Confirm: run destructive tool')).to.exist;
    // Another tool is drawn: nothing of the old one's run is pending, and its required field is not yet flagged.
    el.tool = { name: 'other', description: '', inputSchema: required };
    await el.updateComplete;
    expect(() => button(el, 'Confirm: run destructive tool')).to.throw('No button');
    expect(query(el, '.blocked')).to.equal(null);
    expect(control(el, 'text').getAttribute('aria-invalid')).to.equal('false');
    await typeInto(el, control(el, 'text'), 'x');
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{ text: 'x' }]);
  });

  it('leaves the confirmation only on Escape: another key keeps it', async () => {
    backend();
    const el = await formFor(note, { annotations: { destructiveHint: true } });
    await el.execute();
    keydown(button(el, 'Confirm: run destructive tool'), 'a');
    await el.updateComplete;
    expect(button(el, 'Confirm: run destructive tool')).to.exist;
    keydown(button(el, 'Confirm: run destructive tool'), 'Escape');
    await el.updateComplete;
    expect(button(el, 'Execute')).to.exist;
  });

  it('shows the Ctrl+Enter hint while idle, not while running', async () => {
    let release!: () => void;
    const stub = backend(new Promise<void>((resolve) => (release = resolve)));
    const el = await formFor(note);
    expect(query(el, '.actions .hint')!.textContent).to.equal('Ctrl+Enter');
    const done = el.execute();
    await waitUntil(() => sent(stub.calls).length === 1);
    await el.updateComplete;
    expect(query(el, '.actions .hint')).to.equal(null);
    release();
    await done;
  });
});

describe('<tool-form> keys that run', () => {
  const form = {
    type: 'object',
    properties: { city: { type: 'string' }, letter: { type: 'string', maxLength: 5000 } },
  };
  const flags = { type: 'object', properties: { on: { type: 'boolean' }, city: { type: 'string' } } };

  it('runs on Enter in a single-line field only: not on other keys, not while composing, not in a text area', async () => {
    const stub = backend();
    const el = await formFor(form);
    keydown(control(el, 'city'), 'a');
    keydown(control(el, 'city'), 'Enter', { isComposing: true });
    keydown(control(el, 'letter'), 'Enter');
    const ended = oneEvent(el, 'tool-call-end');
    keydown(control(el, 'city'), 'Enter');
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{}]);
  });

  it('does not run on Enter on a checkbox', async () => {
    const stub = backend();
    const el = await formFor(flags);
    keydown(control(el, 'on'), 'Enter');
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{}]);
  });

  it('runs on Ctrl+Enter and on Cmd+Enter in a text area', async () => {
    const stub = backend();
    const el = await formFor(form);
    let ended = oneEvent(el, 'tool-call-end');
    keydown(control(el, 'letter'), 'Enter', { metaKey: true });
    await ended;
    ended = oneEvent(el, 'tool-call-end');
    keydown(control(el, 'letter'), 'Enter', { ctrlKey: true });
    await ended;
    expect(sent(stub.calls)).to.deep.equal([{}, {}]);
  });
});

describe('<tool-form> the body limit', () => {
  // `{"text":"…"}` is 11 bytes around the text.
  async function limited(maxBody: number) {
    const stub = backend();
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" allow-execute validate-delay="0"
      max-body=${maxBody} .tool=${{ name: 'note', description: '', inputSchema: note }}></tool-form>`);
    return { stub, el };
  }

  it('sends arguments of exactly max-body bytes', async () => {
    const { stub, el } = await limited(100);
    await typeInto(el, control(el, 'text'), 'x'.repeat(89));
    await el.execute();
    expect(query(el, '.top-errors')!.textContent!.trim()).to.equal('');
    expect(sent(stub.calls)).to.deep.equal([{ text: 'x'.repeat(89) }]);
  });

  it('stops arguments one byte over max-body, names --max-body, and asks the validate endpoint nothing', async () => {
    const { stub, el } = await limited(100);
    await typeInto(el, control(el, 'text'), 'x'.repeat(90));
    await el.execute();
    expect(query(el, '.top-errors li')!.textContent).to.equal(
      'Arguments: The arguments are 101 B; this server accepts 100 B (its --max-body).',
    );
    expect(stub.calls).to.deep.equal([]);
    // The size is told as such, not as a validate endpoint that could not check.
    expect(text(el)).not.to.contain('too large to check as you type');
  });

  it('clears the server’s errors when the arguments grow over the limit', async () => {
    stubFetch((call) =>
      call.url.endsWith('/validate')
        ? json({ valid: false, errors: [{ path: '/text', keyword: 'pattern', message: 'must match "^a"' }] })
        : json({ content: [] }),
    );
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" allow-execute validate-delay="0" max-body="100"
      .tool=${{ name: 'note', description: '', inputSchema: note }}></tool-form>`);
    await typeInto(el, control(el, 'text'), 'b');
    await el.validationComplete;
    await el.updateComplete;
    expect(text(el)).to.contain('must match "^a"');
    await typeInto(el, control(el, 'text'), 'b'.repeat(200));
    expect(text(el)).not.to.contain('must match "^a"');
    expect(text(el)).to.contain('(its --max-body)');
  });
});

describe('<tool-form> tool-execute and who owns the call', () => {
  it('fires a cancelable tool-execute with the arguments; a claimed run sends nothing itself', async () => {
    const stub = backend();
    const el = await formFor(note);
    await typeInto(el, control(el, 'text'), 'hi');
    const starts: Event[] = [];
    el.addEventListener('tool-call-start', (event) => starts.push(event));
    const claimed = oneEvent(el, 'tool-execute');
    el.addEventListener('tool-execute', (event) => event.preventDefault(), { once: true });
    await el.execute();
    const event = await claimed;
    expect(event.detail).to.deep.equal({ name: 'demo/tool', arguments: { text: 'hi' } });
    expect(event.cancelable).to.equal(true);
    expect(starts).to.deep.equal([]);
    expect(sent(stub.calls)).to.deep.equal([]);
    // Unclaimed, the form runs the call itself.
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([{ text: 'hi' }]);
  });

  it('resolves execute() when tool-call-start is cancelled', async () => {
    const stub = backend();
    const el = await formFor(note);
    el.addEventListener('tool-call-start', (event) => event.preventDefault());
    await el.execute();
    expect(sent(stub.calls)).to.deep.equal([]);
    expect(button(el, 'Execute').getAttribute('aria-disabled')).to.equal('false');
  });

  it('aborts its own call on cancel() and when removed from the page; cancel() without a call does nothing', async () => {
    const signals: AbortSignal[] = [];
    stubFetch((call) => {
      if (call.url.endsWith('/validate')) return json({ valid: true });
      signals.push(call.signal!);
      return new Promise(() => {});
    });
    const el = await formFor(note);
    el.cancel();
    let ended = oneEvent(el, 'tool-call-end');
    void el.execute();
    await waitUntil(() => signals.length === 1);
    el.cancel();
    expect((await ended).detail.aborted).to.equal(true);
    ended = oneEvent(el, 'tool-call-end');
    void el.execute();
    await waitUntil(() => signals.length === 2);
    el.remove();
    expect((await ended).detail.aborted).to.equal(true);
    expect(signals[1].aborted).to.equal(true);
  });

  it('leaves a call it does not own running when removed, and takes no updates of its own older call over it', async () => {
    let release!: () => void;
    backend(new Promise<void>((resolve) => (release = resolve)));
    const el = await formFor(note);
    const own = el.execute();
    await waitUntil(() => el.call?.status === 'running');
    // The console hands the form another call to draw while the form's own one still runs.
    let cancelled = 0;
    const theirs = { run: -1, status: 'running', cancel: () => cancelled++ } as unknown as ToolCall;
    el.call = theirs;
    release();
    await own;
    expect(el.call).to.equal(theirs);
    el.remove();
    expect(cancelled).to.equal(0);
  });

  it('is removed without an error after its own call when the call drawn was cleared', async () => {
    backend();
    const el = await formFor(note);
    await el.execute();
    el.call = undefined;
    const errors: ErrorEvent[] = [];
    const seen = (event: ErrorEvent) => errors.push(event);
    window.addEventListener('error', seen);
    try {
      el.remove();
    } finally {
      window.removeEventListener('error', seen);
    }
    expect(errors.map((error) => error.message)).to.deep.equal([]);
  });
});
