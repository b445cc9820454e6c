// <tool-question> on its own, asking URL-mode questions (MCP elicitation, url mode) as an embedding page hands them
// in: what Open sends and opens, nothing while an answer is on its way, and the question that only waits for its server.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpenQuestion } from '../../elements/call/tool-call.js';
import {
  ask,
  buttonNames,
  buttonOf,
  describeNode,
  dialogOf,
  focusIsOn,
  mount,
  root,
  textOf,
} from './tool-question.helpers.js';
import { recordingOpens } from './window-open.js';

const QUESTION: OpenQuestion = {
  id: 'sign-in',
  params: { mode: 'url', message: 'Sign in to go on.', url: 'http://login.example.test/start?x=1', elicitationId: 'e' },
};

describe('<tool-question> URL questions', () => {
  it('should offer to open an http link on its domain, the focus on Open, and accept with nothing more', () =>
    recordingOpens(async (opened) => {
      const { el, heard } = await mount(QUESTION, { name: 'acme-mcp', title: 'Acme Tools' });
      expect(textOf(root(el).querySelector('.asker'))).to.equal('Acme Tools asks:');
      expect(textOf(root(el).querySelector('.domain'))).to.equal('login.example.test');
      expect(buttonNames(el)).to.deep.equal(['Open login.example.test', 'Decline', 'Cancel']);
      expect(focusIsOn(buttonOf(el, 'Open login.example.test'))).to.equal(true);
      buttonOf(el, 'Open login.example.test').click();
      expect(opened).to.deep.equal([['http://login.example.test/start?x=1', '_blank', 'noopener,noreferrer']]);
      expect(heard.map(({ type, detail }) => [type, detail])).to.deep.equal([
        ['tool-answer', { id: 'sign-in', answer: { action: 'accept' } }],
      ]);
    }));

  it('should open nothing and send nothing while an answer is on its way', () =>
    recordingOpens(async (opened) => {
      const { el, heard } = await mount({ ...QUESTION, sending: true });
      expect(buttonOf(el, 'Open login.example.test').getAttribute('aria-disabled')).to.equal('true');
      buttonOf(el, 'Open login.example.test').click();
      buttonOf(el, 'Decline').click();
      expect([opened, heard]).to.deep.equal([[], []]);
      // Back, refused: Open works again.
      await ask(el, { ...QUESTION, problem: 'Unauthorized' });
      buttonOf(el, 'Open login.example.test').click();
      expect(opened.length).to.equal(1);
      expect(heard.map(({ detail }) => detail)).to.deep.equal([{ id: 'sign-in', answer: { action: 'accept' } }]);
    }));

  it('should let the user close a question that only waits for its server, by Close or by Escape', async () => {
    const { el, heard } = await mount({ ...QUESTION, waiting: true });
    expect(dialogOf(el).open).to.equal(true);
    expect(textOf(root(el).querySelector('[role=status]'))).to.equal(
      'Finish in the new tab; this closes when the server says it is done.',
    );
    expect(buttonNames(el)).to.deep.equal(['Close']);
    expect(describeNode(root(el).querySelector('.domain, .url'))).to.equal('nothing');
    buttonOf(el, 'Close').click();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(heard.map(({ type, detail }) => [type, detail])).to.deep.equal([
      ['tool-dismiss', { id: 'sign-in' }],
      ['tool-dismiss', { id: 'sign-in' }],
    ]);
  });
});
