import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';

const weather = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer' },
    where: { type: 'object', properties: { lat: { type: 'number' } } },
  },
  required: ['city'],
};

const callResult = { content: [{ type: 'text', text: 'sunny' }] };

/** Answers validate with `errors` (none: valid), and calls with a result. */
function backend(errors: unknown[] = []) {
  return (call: FetchCall) =>
    call.url.endsWith('/validate')
      ? json(errors.length ? { valid: false, errors } : { valid: true })
      : json(callResult);
}

describe('<tool-form> validation and execution', () => {
  it('should show validation errors at the field their pointer names, and unplaced ones at the top', async () => {
    const stub = stubFetch(
      backend([
        { path: '/days', message: 'must be integer', keyword: 'type' },
        { path: '/where/lat', message: 'must be <= 90', keyword: 'maximum' },
        { path: '/nowhere', message: 'must NOT have additional properties', keyword: 'additionalProperties' },
      ]),
    );
    const el = await formFor(weather);
    await typeInto(el, control(el, 'days'), '2.5');
    await el.validationComplete;
    await el.updateComplete;
    const days = control(el, 'days');
    expect(days.getAttribute('aria-invalid')).to.equal('true');
    expect(query(el, `#${days.id}-error`)!.textContent).to.contain('must be integer');
    expect(days.getAttribute('aria-describedby')).to.contain(`${days.id}-error`);
    const lat = control(el, 'lat');
    expect(query(el, `#${lat.id}-error`)!.textContent).to.contain('must be <= 90');
    expect(query(el, '.top-errors')!.textContent).to.contain('must NOT have additional properties');
    expect(query(el, '.top-errors')!.textContent).not.to.contain('must be integer');
    const validate = stub.calls.filter((call) => call.url.endsWith('/validate')).at(-1)!;
    expect(validate.url).to.equal(new URL('/api/tools/demo%2Ftool/validate', location.href).href);
    expect(validate.body).to.deep.equal({ days: 2.5 });
  });

  it('should validate after a pause in typing of 300 ms by default', async () => {
    const stub = stubFetch(backend());
    const tool = { name: 'demo/tool', description: '', inputSchema: weather };
    const el = await fixture<ToolForm>(html`<tool-form .tool=${tool} src="/api/tools"></tool-form>`);
    expect(el.validateDelay).to.equal(300);
    // The pause is a timer: record the delays asked for while typing (waiting them out would make a timing test).
    const delays: (number | undefined)[] = [];
    const realSetTimeout = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
      delays.push(timeout);
      return realSetTimeout(handler, timeout, ...rest);
    }) as typeof window.setTimeout;
    try {
      await typeInto(el, control(el, 'city'), 'Oslo');
    } finally {
      window.setTimeout = realSetTimeout;
    }
    expect(delays).to.include(300);
    await el.validationComplete;
    expect(stub.calls.filter((call) => call.url.endsWith('/validate')).at(-1)!.body).to.deep.equal({ city: 'Oslo' });
  });

  it('should keep working against a backend without a validate endpoint', async () => {
    const stub = stubFetch((call) =>
      call.url.endsWith('/validate') ? json({ error: 'Not found' }, 404) : json(callResult),
    );
    const el = await formFor(weather);
    await typeInto(el, control(el, 'city'), 'Oslo');
    await el.validationComplete;
    await typeInto(el, control(el, 'city'), 'Bergen');
    await el.validationComplete;
    expect(stub.calls.filter((call) => call.url.endsWith('/validate')).length).to.equal(1);
    const ended = oneEvent(el, 'tool-call-end');
    await click(el, button(el, 'Execute'));
    expect((await ended).detail.outcome!.result).to.deep.equal(callResult);
  });

  it('should emit tool-call-start and tool-call-end around a call to the right URL with the arguments', async () => {
    const stub = stubFetch(backend());
    const el = await formFor(weather);
    await typeInto(el, control(el, 'city'), 'Lima');
    const started = oneEvent(el, 'tool-call-start');
    const ended = oneEvent(el, 'tool-call-end');
    button(el, 'Execute').click();
    const start = await started;
    expect(start.detail).to.deep.equal({ name: 'demo/tool', arguments: { city: 'Lima' } });
    expect(start.cancelable).to.equal(true);
    const end = (await ended).detail;
    expect(end.aborted).to.equal(false);
    expect(end.outcome!.status).to.equal(200);
    const call = stub.calls.find((candidate) => candidate.url.endsWith('/call'))!;
    expect(call.url).to.equal(new URL('/api/tools/demo%2Ftool/call', location.href).href);
    expect(call.method).to.equal('POST');
    expect(call.body).to.deep.equal({ city: 'Lima' });
  });

  it('should not call when tool-call-start is cancelled', async () => {
    const stub = stubFetch(backend());
    const el = await formFor(weather);
    el.addEventListener('tool-call-start', (event) => event.preventDefault());
    await el.execute();
    expect(stub.calls.filter((call) => call.url.endsWith('/call'))).to.deep.equal([]);
  });

  it('should disable Execute while running, and abort the request on Cancel', async () => {
    let seen: AbortSignal | undefined;
    stubFetch((call) => {
      if (call.url.endsWith('/validate')) return json({ valid: true });
      seen = call.signal;
      return new Promise((_, reject) =>
        call.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    });
    const el = await formFor(weather);
    await typeInto(el, control(el, 'city'), 'Oslo');
    const started = oneEvent(el, 'tool-call-start');
    const ended = oneEvent(el, 'tool-call-end');
    button(el, 'Execute').click();
    await started;
    await el.updateComplete;
    // aria-disabled, so the focus it holds stays there instead of falling to the page.
    expect(button(el, 'Running…').getAttribute('aria-disabled')).to.equal('true');
    expect(el.shadowRoot!.activeElement).to.equal(button(el, 'Running…'));
    expect(control(el, 'city').disabled).to.equal(true);
    await click(el, button(el, 'Cancel'));
    const end = (await ended).detail;
    expect(seen!.aborted).to.equal(true);
    expect(end.aborted).to.equal(true);
    expect(end.error).to.equal(undefined);
    await el.updateComplete;
    expect(button(el, 'Execute').getAttribute('aria-disabled')).to.equal('false');
    expect(control(el, 'city').disabled).to.equal(false);
  });

  it('should ask for confirmation in the element before running a destructive tool', async () => {
    const stub = stubFetch(backend());
    const el = await formFor(weather, { annotations: { destructiveHint: true } });
    await typeInto(el, control(el, 'city'), 'Oslo');
    await el.execute();
    expect(stub.calls.filter((call) => call.url.endsWith('/call'))).to.deep.equal([]);
    const confirm = button(el, 'Confirm: run destructive tool');
    expect(el.shadowRoot!.activeElement).to.equal(confirm);
    await click(el, button(el, 'Keep'));
    expect(button(el, 'Execute')).to.exist;
    await el.execute();
    const ended = oneEvent(el, 'tool-call-end');
    button(el, 'Confirm: run destructive tool').click();
    await ended;
    expect(stub.calls.filter((call) => call.url.endsWith('/call')).length).to.equal(1);
  });

  it('should offer no Execute when execution is disabled', async () => {
    const stub = stubFetch(backend());
    const el = await formFor(weather, {}, false);
    expect(() => button(el, 'Execute')).to.throw();
    expect(el.shadowRoot!.textContent).to.contain('Execution is disabled on this server.');
    await el.execute();
    expect(stub.calls.filter((call) => call.url.endsWith('/call'))).to.deep.equal([]);
  });

  it('should run on Ctrl+Enter', async () => {
    stubFetch(backend());
    const el = await formFor(weather);
    await typeInto(el, control(el, 'city'), 'Oslo');
    const ended = oneEvent(el, 'tool-call-end');
    control(el, 'city').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, composed: true }),
    );
    expect((await ended).detail.aborted).to.equal(false);
  });

  it('should keep the raw JSON view in sync both ways, and keep invalid JSON text with an error', async () => {
    stubFetch(backend());
    const el = await formFor(weather);
    await typeInto(el, control(el, 'city'), 'Rome');
    await click(el, button(el, 'JSON'));
    const raw = query<HTMLTextAreaElement>(el, '[part="raw-json"]')!;
    expect(JSON.parse(raw.value)).to.deep.equal({ city: 'Rome' });
    await typeInto(el, raw, '{"city": "Nice", "days": 3');
    expect(raw.value).to.equal('{"city": "Nice", "days": 3');
    expect(query(el, '#raw-json-error')!.textContent).to.contain('Invalid JSON');
    expect(el.value).to.deep.equal({ city: 'Rome' });
    await typeInto(el, raw, '{"city": "Nice", "days": 3}');
    expect(el.value).to.deep.equal({ city: 'Nice', days: 3 });
    await click(el, button(el, 'Form'));
    expect(control(el, 'city').value).to.equal('Nice');
    expect(control(el, 'days').value).to.equal('3');
  });

  it('should fetch the tool named by its name attribute from src', async () => {
    const stub = stubFetch((call) =>
      call.url.endsWith('/tools/weather')
        ? json({ name: 'weather', description: '', inputSchema: weather })
        : json({ valid: true }),
    );
    const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" name="weather"></tool-form>`);
    await el.loadComplete;
    await el.updateComplete;
    expect(el.detail!.name).to.equal('weather');
    expect(stub.calls[0].url).to.equal(new URL('/api/tools/weather', location.href).href);
    expect(control(el, 'city')).to.exist;
  });
});

describe('<tool-form> events', () => {
  it('should fire tool-arguments-change for typing and for replayed arguments', async () => {
    stubFetch(backend());
    const el = await formFor(weather);
    const typed = oneEvent(el, 'tool-arguments-change');
    await typeInto(el, control(el, 'city'), 'Kyiv');
    expect((await typed).detail).to.deep.equal({ name: 'demo/tool', arguments: { city: 'Kyiv' } });
    const replayed = oneEvent(el, 'tool-arguments-change');
    el.value = { city: 'Quito', days: 2 };
    expect((await replayed).detail.arguments).to.deep.equal({ city: 'Quito', days: 2 });
  });

  it('should report a missing required field after Execute, not before', async () => {
    stubFetch(backend([{ path: '/city', message: "must have required property 'city'", keyword: 'required' }]));
    const el = await formFor(weather);
    await typeInto(el, control(el, 'days'), '2');
    await el.validationComplete;
    await el.updateComplete;
    expect(control(el, 'city').getAttribute('aria-invalid')).to.equal('false');
    await el.execute();
    expect(control(el, 'city').getAttribute('aria-invalid')).to.equal('true');
  });
});
