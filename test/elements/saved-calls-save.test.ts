import { expect } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import {
  ECHO,
  api,
  backend,
  mount,
  names,
  press,
  root,
  row,
  save,
  saveForm,
  stored,
  text,
  type,
} from './saved-calls.helpers.js';

const SHAPED: ToolDetail = { ...ECHO, outputSchema: { type: 'object', properties: { n: { type: 'number' } } } };

describe('<saved-calls> Save call', () => {
  beforeEach(() => {
    localStorage.clear();
    backend();
  });
  afterEach(() => localStorage.clear());

  it('should start with no notice, an empty closed collection and no export link', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    expect(text(saved, '.notice')).to.equal(undefined);
    expect(text(saved, 'summary')).to.equal('Saved calls (0)');
    expect(root(saved).querySelector('details')!.open).to.equal(false);
    expect(text(saved, 'a[download]')).to.equal(undefined);
  });

  it('should open the form with the tool name, isError false ticked, no pointer, equals, an empty value', async () => {
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({ text: 'a' }) });
    await press(saved, 'Save call');
    const form = saveForm(saved)!;
    expect(form.querySelector<HTMLInputElement>('input[name=name]')!.value).to.equal('echo');
    expect(form.querySelector<HTMLInputElement>('input[name=no-error]')!.checked).to.equal(true);
    expect(form.querySelector<HTMLInputElement>('input[name=pointer]')!.value).to.equal('');
    expect(form.querySelector<HTMLSelectElement>('select[name=how]')!.value).to.equal('equals');
    expect(form.querySelector<HTMLInputElement>('input[name=value]')!.value).to.equal('');
    expect(form.querySelector('input[name=output-schema]')?.outerHTML, 'the tool has no outputSchema').to.equal(
      undefined,
    );
    expect(form.querySelector('[role=alert]')?.outerHTML).to.equal(undefined);
    await expect(saved).to.be.accessible();
  });

  it('should save under a trimmed name, say so, open the collection and store the expectations', async () => {
    const saved = await mount({ api: api(), tool: ECHO, formArguments: () => ({ text: 'hi' }) });
    await press(saved, 'Save call');
    await type(saved, 'form.save input[name=name]', '  padded  ');
    await type(saved, 'form.save input[name=pointer]', '/content/0/text');
    await type(saved, 'form.save input[name=value]', '"hi"');
    await press(saved, 'Save', saveForm(saved)!);
    expect(text(saved, 'form.save')).to.equal(undefined);
    expect(text(saved, '.notice')).to.equal('Saved “padded”.');
    expect(root(saved).querySelector('details')!.open).to.equal(true);
    expect(row(saved, 'padded').querySelector('.name')!.textContent).to.equal('padded');
    expect(stored()!.calls).to.deep.equal([
      {
        name: 'padded',
        tool: 'echo',
        arguments: { text: 'hi' },
        expect: [{ isError: false }, { pointer: '/content/0/text', equals: 'hi' }],
      },
    ]);
  });

  it('should name the value field by how it is compared, keep the choice while typing, and save a pattern', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await press(saved, 'Save call');
    const value = () => saveForm(saved)!.querySelector<HTMLInputElement>('input[name=value]')!;
    const how = () => saveForm(saved)!.querySelector<HTMLSelectElement>('select[name=how]')!;
    expect(value().getAttribute('aria-label')).to.equal('Value (JSON or text)');
    await type(saved, 'form.save select[name=how]', 'matches');
    expect(value().getAttribute('aria-label')).to.equal('Pattern');
    await type(saved, 'form.save input[name=pointer]', '/content/0/text');
    await type(saved, 'form.save input[name=value]', '^h');
    expect(how().value, 'the choice stays after the form redraws').to.equal('matches');
    await expect(saved).to.be.accessible();
    await type(saved, 'form.save select[name=how]', 'equals');
    expect(value().getAttribute('aria-label')).to.equal('Value (JSON or text)');
    await type(saved, 'form.save select[name=how]', 'matches');
    await type(saved, 'form.save input[name=name]', 'pattern');
    expect(how().value).to.equal('matches');
    await press(saved, 'Save', saveForm(saved)!);
    expect(stored()!.calls[0].expect).to.deep.equal([
      { isError: false },
      { pointer: '/content/0/text', matches: '^h' },
    ]);
  });

  it('should offer the output schema expectation only for a tool that has one, and save it when ticked', async () => {
    const saved = await mount({ api: api(), tool: SHAPED });
    await press(saved, 'Save call');
    const box = saveForm(saved)!.querySelector<HTMLInputElement>('input[name=output-schema]')!;
    expect(box.closest('label')!.textContent).to.contain('the result matches the output schema');
    expect(box.checked).to.equal(false);
    box.click();
    await saved.updateComplete;
    expect(saveForm(saved)!.querySelector<HTMLInputElement>('input[name=output-schema]')!.checked).to.equal(true);
    await press(saved, 'Save', saveForm(saved)!);
    expect(stored()!.calls[0].expect).to.deep.equal([{ isError: false }, { outputSchema: true }]);
  });

  it('should keep the form drawn, without the schema box, when the tool goes while it is open', async () => {
    const saved = await mount({ api: api(), tool: SHAPED });
    await press(saved, 'Save call');
    saved.tool = undefined;
    await saved.updateComplete;
    expect(saveForm(saved)).to.exist;
    expect(saveForm(saved)!.querySelector('input[name=output-schema]')?.outerHTML).to.equal(undefined);
    await press(saved, 'Save', saveForm(saved)!);
    expect(names(saved), 'no tool: nothing to save').to.deep.equal([]);
    expect(stored()).to.equal(undefined);
  });

  it('should refuse arguments that are not a JSON object, in the form', async () => {
    for (const args of [[1], null, 'text', 3]) {
      localStorage.clear();
      const saved = await mount({ api: api(), tool: ECHO, formArguments: () => args });
      await press(saved, 'Save call');
      await press(saved, 'Save', saveForm(saved)!);
      expect(text(saved, 'form.save [role=alert]'), JSON.stringify(args)).to.equal(
        'The arguments are not a JSON object: fix them in the form first.',
      );
      expect(names(saved)).to.deep.equal([]);
    }
  });

  it('should save empty arguments when the page hands over no reader of its form', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'bare');
    expect(stored()!.calls).to.deep.equal([
      { name: 'bare', tool: 'echo', arguments: {}, expect: [{ isError: false }] },
    ]);
  });

  it('should keep a refusal shown while the name is fixed, and clear it on saving or cancelling', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    await save(saved, 'one');
    await save(saved, 'one');
    const refusal = 'calls/1/name: "one" is already the name of calls/0';
    expect(text(saved, 'form.save [role=alert]')).to.contain(refusal);
    await type(saved, 'form.save input[name=name]', 'two');
    expect(text(saved, 'form.save [role=alert]'), 'still shown while typing').to.contain(refusal);
    await press(saved, 'Save', saveForm(saved)!);
    expect(text(saved, '[role=alert]')).to.equal(undefined);
    expect(names(saved)).to.deep.equal(['one', 'two']);

    await save(saved, 'one');
    expect(text(saved, 'form.save [role=alert]')).to.contain('"one" is already the name of calls/0');
    await press(saved, 'Cancel');
    expect(text(saved, 'form.save')).to.equal(undefined);
    expect(text(saved, '[role=alert]'), 'the refusal goes with the form').to.equal(undefined);
    await press(saved, 'Save call');
    expect(saveForm(saved)!.querySelector('[role=alert]')?.outerHTML).to.equal(undefined);
    expect(saveForm(saved)!.querySelector<HTMLInputElement>('input[name=name]')!.value).to.equal('echo');
  });

  it('should say when the browser refuses to keep the collection, rather than that it was saved', async () => {
    const saved = await mount({ api: api(), tool: ECHO });
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await save(saved, 'kept here');
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(text(saved, '.notice')).to.equal(
      'The browser refused to keep the saved calls (The quota has been exceeded.).',
    );
    expect(names(saved), 'kept for this page still').to.deep.equal(['kept here']);
  });
});
