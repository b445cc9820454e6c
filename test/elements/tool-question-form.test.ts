// <tool-question> on its own, asking form questions (MCP elicitation, form mode) as an embedding page hands them in:
// when problems show, where the focus goes from one question to the next, what the user sees and can do while an
// answer is on its way, and the errors the page hands back with the question.
import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  ask,
  buttonNames,
  buttonOf,
  dialogOf,
  errorAt,
  fieldOf,
  describeNode,
  focusIsOn,
  formQuestion,
  mount,
  root,
  textOf,
  typeInto,
} from './tool-question.helpers.js';

const NAME = { name: { type: 'string', title: 'Name', minLength: 2 } };

describe('<tool-question> form questions', () => {
  it('should show no problem before Accept, the problems once pressed, and none again for the next question', async () => {
    const { el, heard } = await mount(formQuestion('one', NAME, ['name']));
    const name = fieldOf(el, 'Name');
    expect([name.getAttribute('aria-invalid'), errorAt(el, name)]).to.deep.equal(['false', undefined]);
    buttonOf(el, 'Accept').click();
    await el.updateComplete;
    expect([name.getAttribute('aria-invalid'), errorAt(el, name)]).to.deep.equal([
      'true',
      "must have required property 'name'",
    ]);
    expect(heard).to.deep.equal([]);
    // The next question starts as the first did: nothing pressed yet, nothing said.
    await ask(el, formQuestion('two', NAME, ['name']));
    const next = fieldOf(el, 'Name');
    expect([next.getAttribute('aria-invalid'), errorAt(el, next)]).to.deep.equal(['false', undefined]);
    await typeInto(el, next, 'Ada');
    buttonOf(el, 'Accept').click();
    expect(heard.map(({ type, detail }) => [type, detail])).to.deep.equal([
      ['tool-answer', { id: 'two', answer: { action: 'accept', content: { name: 'Ada' } } }],
    ]);
  });

  it('should start the focus at the next question’s first field, and keep it on the button pressed', async () => {
    const two = { a: { type: 'string', title: 'First' }, b: { type: 'string', title: 'Second' } };
    const { el, heard } = await mount(formQuestion('one', two));
    expect(focusIsOn(fieldOf(el, 'First'))).to.equal(true);
    fieldOf(el, 'Second').focus();
    // The next question in the dialog that stays open.
    const next = formQuestion('next', {
      c: { type: 'string', title: 'Third' },
      d: { type: 'string', title: 'Fourth' },
    });
    await ask(el, next);
    expect(dialogOf(el).open).to.equal(true);
    expect(focusIsOn(fieldOf(el, 'Third'))).to.equal(true);
    // The same question again, as its answer goes and comes back refused: the focus stays on Decline.
    const decline = buttonOf(el, 'Decline');
    decline.focus();
    decline.click();
    await ask(el, { ...next, sending: true });
    expect(focusIsOn(decline)).to.equal(true);
    await ask(el, { ...next, problem: 'Execution is disabled on this server.' });
    expect(focusIsOn(decline)).to.equal(true);
    expect(textOf(root(el).querySelector('[role=alert]'))).to.equal('Execution is disabled on this server.');
    expect(heard.map(({ detail }) => detail)).to.deep.equal([{ id: 'next', answer: { action: 'decline' } }]);
  });

  it('should say an answer is on its way, and send nothing more until it is back', async () => {
    const question = formQuestion('q', NAME, ['name']);
    const { el, heard } = await mount({ ...question, sending: true });
    const buttons = [...root(el).querySelectorAll('button')];
    expect(buttons.map((b) => [textOf(b), b.getAttribute('aria-disabled'), b.disabled])).to.deep.equal([
      ['Accept', 'true', false],
      ['Decline', 'true', false],
      ['Cancel', 'true', false],
    ]);
    expect(textOf(root(el).querySelector('.actions .status'))).to.equal('Sending…');
    for (const name of ['Accept', 'Decline', 'Cancel']) buttonOf(el, name).click();
    await el.updateComplete;
    // Accept did not even check the form: nothing is said at the empty required field.
    const field = fieldOf(el, 'Name');
    expect([field.getAttribute('aria-invalid'), errorAt(el, field)]).to.deep.equal(['false', undefined]);
    expect(heard).to.deep.equal([]);
    // Back, refused: the buttons work again and say so.
    await ask(el, { ...question, problem: 'Unauthorized' });
    expect(buttonNames(el)).to.deep.equal(['Accept', 'Decline', 'Cancel']);
    expect([...root(el).querySelectorAll('button')].map((b) => b.getAttribute('aria-disabled'))).to.deep.equal([
      'false',
      'false',
      'false',
    ]);
    expect(describeNode(root(el).querySelector('.actions .status'))).to.equal('nothing');
    buttonOf(el, 'Cancel').click();
    expect(heard.map(({ detail }) => detail)).to.deep.equal([{ id: 'q', answer: { action: 'cancel' } }]);
  });

  it('should stay closed while an answer is on its way after the browser closed it, and open again if refused', async () => {
    const question = formQuestion('q', NAME);
    const { el, heard } = await mount(question);
    // Escape with no user activation: the browser closes the dialog itself; the page sends Cancel.
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(heard.map(({ detail }) => detail)).to.deep.equal([{ id: 'q', answer: { action: 'cancel' } }]);
    await ask(el, { ...question, sending: true });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(dialogOf(el).open).to.equal(false);
    expect(heard.length).to.equal(1);
    await ask(el, { ...question, problem: 'The answer did not reach the server.' });
    expect(dialogOf(el).open).to.equal(true);
    expect(textOf(root(el).querySelector('[role=alert]'))).to.equal('The answer did not reach the server.');
  });

  it('should stay open after Escape until its owner takes the answer, the focus where it was', async () => {
    const { el, heard } = await mount(
      formQuestion('q', { a: { type: 'string', title: 'First' }, b: { type: 'string', title: 'Second' } }),
    );
    // Typing gives the page user activation: the browser lets the page keep the dialog open on Escape.
    fieldOf(el, 'Second').focus();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(dialogOf(el).open).to.equal(true);
    expect(focusIsOn(fieldOf(el, 'Second'))).to.equal(true);
    // Without activation the browser closes it; the dialog opens again, since nobody has taken the answer yet.
    const closed = oneEvent(dialogOf(el), 'close');
    await sendKeys({ press: 'Escape' });
    await closed;
    await el.updateComplete;
    expect(dialogOf(el).open).to.equal(true);
    expect(heard.map(({ detail }) => detail)).to.deep.equal([
      { id: 'q', answer: { action: 'cancel' } },
      { id: 'q', answer: { action: 'cancel' } },
    ]);
  });

  it('should not keep what was typed for one question in the next', async () => {
    const amount = { amount: { type: 'number', title: 'Amount', default: 2.5 } };
    const { el } = await mount(formQuestion('one', amount));
    await typeInto(el, fieldOf(el, 'Amount'), '2.50');
    expect(fieldOf(el, 'Amount').value).to.equal('2.50');
    await ask(el, formQuestion('two', amount));
    expect(fieldOf(el, 'Amount').value).to.equal('2.5');
  });

  it('should show the errors handed back with the question, each once, at its field or at the top', async () => {
    const errors = [
      { path: '/name', keyword: 'required', message: 'a name is needed' },
      { path: '/name', keyword: 'pattern', message: 'must be a name on the list' },
      { path: '/nowhere/deep', keyword: 'additionalProperties', message: 'is not asked for' },
    ];
    const { el, heard } = await mount(formQuestion('q', NAME, ['name'], { errors }));
    const name = fieldOf(el, 'Name');
    const lines = () => [...root(el).getElementById(`${name.id}-error`)!.children].map((line) => textOf(line));
    expect(lines()).to.deep.equal(['a name is needed', 'must be a name on the list']);
    expect([...root(el).querySelectorAll('.top-errors li')].map((li) => textOf(li))).to.deep.equal([
      '/nowhere/deep: is not asked for',
    ]);
    // Accept sees the same problem the server saw: said once, in the form's own words.
    buttonOf(el, 'Accept').click();
    await el.updateComplete;
    expect(lines()).to.deep.equal(["must have required property 'name'", 'must be a name on the list']);
    // The top list comes first in the dialog: it has the focus.
    expect(focusIsOn(root(el).querySelector('.top-errors ul'))).to.equal(true);
    expect(heard).to.deep.equal([]);
  });

  it('should drop the handed-back errors at every place edited since, and only there', async () => {
    const fields = {
      a: { type: 'string', title: 'A' },
      b: { type: 'string', title: 'B' },
      c: { type: 'string', title: 'C' },
    };
    const errors = ['a', 'b', 'c'].map((key) => ({ path: `/${key}`, keyword: 'enum', message: `bad ${key}` }));
    const { el } = await mount(formQuestion('q', fields, [], { errors }));
    await typeInto(el, fieldOf(el, 'A'), 'x');
    await typeInto(el, fieldOf(el, 'B'), 'y');
    expect(['A', 'B', 'C'].map((label) => errorAt(el, fieldOf(el, label)))).to.deep.equal([
      undefined,
      undefined,
      'bad c',
    ]);
    // Errors handed back anew apply again, wherever the user typed before.
    await ask(el, formQuestion('q', fields, [], { errors: [...errors] }));
    expect(['A', 'B', 'C'].map((label) => errorAt(el, fieldOf(el, label)))).to.deep.equal(['bad a', 'bad b', 'bad c']);
  });

  it('should let the user add the entries a question allows beyond its named fields', async () => {
    const { el, heard } = await mount({
      id: 'tags',
      params: {
        mode: 'form',
        message: 'Any tags?',
        requestedSchema: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      },
    });
    const key = fieldOf(el, 'New key in arguments');
    await typeInto(el, key, 'colour');
    buttonOf(el, 'Add entry').click();
    await el.updateComplete;
    await typeInto(el, fieldOf(el, 'colour'), 'red');
    buttonOf(el, 'Accept').click();
    expect(heard.map(({ detail }) => detail)).to.deep.equal([
      { id: 'tags', answer: { action: 'accept', content: { colour: 'red' } } },
    ]);
  });

  it('should offer only Decline and Cancel for a question it cannot draw as a form', async () => {
    const { el, heard } = await mount({
      id: 'odd',
      params: { mode: 'form', message: 'A string, please', requestedSchema: { type: 'string' } },
    });
    expect(textOf(root(el).querySelector('form .status'))).to.equal(
      'The page cannot draw this question as a form: decline or cancel it.',
    );
    expect(buttonNames(el)).to.deep.equal(['Decline', 'Cancel']);
    // Enter in such a form (it has no field to press it in) would check nothing and send nothing.
    root(el).querySelector('form')!.requestSubmit();
    await el.updateComplete;
    expect(textOf(root(el).querySelector('.top-errors'))).to.equal('');
    expect(heard).to.deep.equal([]);
    buttonOf(el, 'Decline').click();
    expect(heard.map(({ detail }) => detail)).to.deep.equal([{ id: 'odd', answer: { action: 'decline' } }]);
  });

  it('should name the server by its name when it has no title, and close with no name left behind', async () => {
    const { el } = await mount(formQuestion('q', NAME), { name: 'acme-mcp' });
    expect(textOf(root(el).querySelector('.asker'))).to.equal('acme-mcp asks:');
    expect(dialogOf(el).getAttribute('aria-labelledby')).to.equal('message');
    await ask(el, undefined);
    expect(dialogOf(el).open).to.equal(false);
    expect(dialogOf(el).hasAttribute('aria-labelledby')).to.equal(false);
    expect(textOf(dialogOf(el))).to.equal('');
  });
});

// Last in the file: every test above asked form questions, long enough ago for any load they started to be done.
describe('<tool-question> without sampling requests', () => {
  it('should not load the sampling view for form and URL questions', async () => {
    const { el } = await mount(formQuestion('q', NAME));
    await ask(el, {
      id: 'u',
      params: { mode: 'url', message: 'Go there', url: 'https://example.com/' },
    });
    await ask(el, undefined);
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(loaded.some((name) => name.includes('/tool-question/tool-question.'))).to.equal(true);
    expect(loaded.filter((name) => name.includes('/sampling-view.'))).to.deep.equal([]);
  });
});
