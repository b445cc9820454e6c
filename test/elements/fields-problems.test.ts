// Where <tool-form> says what is wrong, where the focus goes when Execute stops on it, and how the fields hold still
// while a call runs. Each test reads what a person sees: the text by each field, the list at the top, the focus.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import '../../elements/tool-form/tool-form.js';
import { json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, toolWith, typeInto } from './tool-form.helpers.js';
import { replay, validatorSaying } from './fields.helpers.js';

const topErrors = (el: ToolForm) => [...el.shadowRoot!.querySelectorAll('.top-errors li')].map((li) => li.textContent);
const errorOf = (el: ToolForm, target: Element) => query(el, `#${target.id}-error`)?.textContent;
const said = (el: ToolForm, message: string) => el.shadowRoot!.textContent!.split(message).length - 1;
/** What has the focus inside the form, by id or tag (comparing elements themselves can hang the browser on failure). */
const focused = (el: ToolForm) => {
  const active = el.shadowRoot!.activeElement;
  return active?.getAttribute('aria-label') || active?.id || active?.localName;
};

/** Presses Execute and waits until the form has stopped the call and said why. */
async function executeStopped(el: ToolForm): Promise<void> {
  button(el, 'Execute').click();
  await waitUntil(() => query(el, '.blocked[role="alert"]'), 'Execute did not stop');
}

describe('fields: where problems are said', () => {
  it('says a problem inside a JSON part under that part, and one inside another field at the top', async () => {
    validatorSaying([
      { path: '/free/a/0', message: 'must be string' },
      { path: '/name/x', message: 'cannot be here' },
      { path: '', message: 'must have fewer properties' },
    ]);
    const el = await formFor({ type: 'object', properties: { free: { type: 'object' }, name: { type: 'string' } } });
    await replay(el, { free: { a: [1] }, name: 'n' });
    expect(errorOf(el, control(el, 'free'))).to.equal('must be string');
    expect(control(el, 'free').getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(el, control(el, 'name'))).to.equal(undefined);
    expect(topErrors(el)).to.deep.equal(['/name/x: cannot be here', 'Arguments: must have fewer properties']);
  });

  it('says a problem of a list item by the item, and of a variant once, by its picker', async () => {
    validatorSaying([
      { path: '/tags/1', message: 'must be shorter' },
      { path: '/size', message: 'must match exactly one schema' },
    ]);
    const el = await formFor({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } }, size: { type: ['string', 'number'] } },
    });
    await replay(el, { tags: ['a', 'bbbbbb'], size: 'x' });
    expect([errorOf(el, control(el, 'Item 1')), errorOf(el, control(el, 'Item 2'))]).to.deep.equal([
      undefined,
      'must be shorter',
    ]);
    expect(said(el, 'must match exactly one schema')).to.equal(1);
    const group = control(el, 'Variant').closest('fieldset')!;
    expect([
      group.getAttribute('aria-invalid'),
      control(el, 'size (string)').getAttribute('aria-invalid'),
    ]).to.deep.equal(['true', 'false']);
    expect(topErrors(el)).to.deep.equal([]);
  });
});

describe('fields: the focus on the first problem', () => {
  it('goes to the list at the top when no field holds a problem', async () => {
    const stub = validatorSaying([{ path: '/nowhere', message: 'must NOT have additional properties' }]);
    const el = await formFor({ type: 'object', properties: { city: { type: 'string' } } });
    await executeStopped(el);
    expect(focused(el)).to.equal('ul');
    expect(stub.calls.filter((call) => call.url.endsWith('/call'))).to.deep.equal([]);
  });

  it('goes to the first field with a problem, in the order of the form', async () => {
    validatorSaying([
      { path: '/b', message: 'must be longer' },
      { path: '/a', message: 'must be shorter' },
    ]);
    const el = await formFor({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } });
    await executeStopped(el);
    expect(focused(el)).to.equal(control(el, 'a').id);
  });

  it('goes to the first control of a group with a problem', async () => {
    validatorSaying([{ path: '/tags', message: 'must NOT have fewer than 1 items' }]);
    const el = await formFor({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } });
    await executeStopped(el);
    expect(focused(el)).to.equal('Add item to tags');
  });

  it('leaves a field in view where it is, rather than scrolling it to the top', async () => {
    validatorSaying([{ path: '/p3', message: 'must be longer' }]);
    const properties = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const frame = await fixture<HTMLDivElement>(html`<div style="height: 400px; overflow: auto">
      <tool-form src="/api/tools" validate-delay="0" allow-execute .tool=${toolWith({ type: 'object', properties })}>
      </tool-form>
    </div>`);
    const el = frame.querySelector('tool-form')!;
    await el.updateComplete;
    const p3 = control(el, 'p3');
    expect(p3.getBoundingClientRect().bottom).to.be.lessThan(frame.getBoundingClientRect().bottom);
    await executeStopped(el);
    expect(focused(el)).to.equal(p3.id);
    expect(frame.scrollTop).to.equal(0);
  });

  it('scrolls a group with no control of its own into view', async () => {
    validatorSaying([{ path: '/none', message: 'must have 1 item' }]);
    const properties = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const tool = toolWith({ type: 'object', properties: { ...properties, none: { type: 'array', prefixItems: [] } } });
    const frame = await fixture<HTMLDivElement>(html`<div style="height: 400px; overflow: auto">
      <tool-form src="/api/tools" validate-delay="0" allow-execute .tool=${tool}></tool-form>
    </div>`);
    const el = frame.querySelector('tool-form')!;
    await el.updateComplete;
    const group = query(el, 'fieldset')!;
    const inView = () => group.getBoundingClientRect().bottom <= frame.getBoundingClientRect().bottom;
    expect(inView()).to.equal(false);
    await executeStopped(el);
    expect(group.getAttribute('aria-invalid')).to.equal('true');
    expect(inView()).to.equal(true);
  });
});

describe('fields: while a call runs', () => {
  const everything = {
    type: 'object',
    properties: {
      text: { type: 'string' },
      count: { type: 'integer' },
      flag: { type: 'boolean', default: true },
      pick: { enum: ['a', 'b'] },
      maybe: { type: ['string', 'null'] },
      tags: { type: 'array', items: { type: 'string' }, default: ['x', 'y'] },
      days: { type: 'array', items: { enum: ['mon', 'tue'] } },
      env: { type: 'object', additionalProperties: { type: 'string' }, default: { HOME: '/root' } },
      size: { type: ['string', 'number'] },
      free: { type: 'object' },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }] },
    },
  };

  /** Every control among the fields that can still be used: name (or id) of each one not disabled. */
  const usable = (el: ToolForm) =>
    [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('.fields :is(input, select, textarea, button)')]
      .filter((control) => !control.disabled)
      .map((control) => control.getAttribute('aria-label') ?? control.id);

  it('lets nothing be edited until the call ends', async () => {
    let answer!: (response: Response) => void;
    stubFetch((call) =>
      call.url.endsWith('/validate') ? json({ valid: true }) : new Promise<Response>((resolve) => (answer = resolve)),
    );
    const el = await formFor(everything);
    await typeInto(el, control(el, 'New key in env'), 'USER');
    const before = usable(el);
    expect(before).to.include.members(['Unset flag', 'Set null for maybe', 'Remove Item 1 of tags', 'Remove HOME']);
    expect(before.length).to.be.greaterThan(20);
    const started = oneEvent(el, 'tool-call-start');
    const ended = oneEvent(el, 'tool-call-end');
    button(el, 'Execute').click();
    await started;
    await el.updateComplete;
    expect(usable(el)).to.deep.equal([]);
    answer(json({ content: [] }));
    await ended;
    await el.updateComplete;
    expect(usable(el)).to.deep.equal(before);
    await click(el, button(el, 'Add entry'));
    expect(el.value.env).to.deep.equal({ HOME: '/root', USER: '' });
  });
});
