import { expect } from '@open-wc/testing';
import { json, stubFetch } from './fetch-stub.js';
import { control, formFor, query, typeInto } from './tool-form.helpers.js';

// A `$ref` whose percent-encoding is malformed (`#/%E0%A4%A`) names nothing: the field is edited as JSON, like any
// ref the form cannot follow, and the page sees no uncaught error.
describe('<tool-form> with a malformed $ref', () => {
  const uncaught: string[] = [];
  const onError = (event: ErrorEvent) => uncaught.push(String(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => uncaught.push(String(event.reason));
  beforeEach(() => {
    uncaught.length = 0;
    stubFetch(() => json({ valid: true }));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  afterEach(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  it('should draw the field as a JSON box that says the ref cannot be followed, and the rest of the form as usual', async () => {
    const el = await formFor({
      type: 'object',
      properties: { target: { $ref: '#/%E0%A4%A' }, city: { type: 'string' } },
      $defs: { x: { type: 'string' } },
    });
    const box = control<HTMLTextAreaElement>(el, 'target');
    expect(box.classList.contains('json')).to.equal(true);
    expect(el.shadowRoot!.textContent).to.contain('Cannot follow $ref #/%E0%A4%A.');
    expect(control(el, 'city').type).to.equal('text');
    await typeInto(el, box, '{"any": [1, 2]}');
    await typeInto(el, control(el, 'city'), 'Oslo');
    expect(el.value).to.deep.equal({ target: { any: [1, 2] }, city: 'Oslo' });
    expect(query(el, '[part~=execute]')).to.not.equal(null);
    expect(uncaught).to.deep.equal([]);
  });
});
