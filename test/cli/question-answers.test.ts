// A one-shot command answers a tool's questions from its --answer values, in order, and declines the rest: what each
// question gets back, and the line that tells the person running the command what happened.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import type { ElicitRequest, SampleRequest } from '../../server/types.js';

function answering(values: string[]) {
  const said: string[] = [];
  return { answers: new QuestionAnswers(values, (line) => said.push(line)), said };
}

const form = (message: string) => ({ mode: 'form', message, requestedSchema: { type: 'object' } }) as ElicitRequest;
const sampling = (count: number) =>
  ({
    messages: Array.from({ length: count }, () => ({ role: 'user', content: { type: 'text', text: 'hi' } })),
    maxTokens: 10,
  }) as unknown as SampleRequest;

describe('QuestionAnswers.elicit', () => {
  it('accepts a form with the next --answer as its content, in order', async () => {
    const { answers, said } = answering(['{"name":"Ada"}', '{"age":36}']);
    assert.deepEqual(await answers.elicit(form('Who?')), { action: 'accept', content: { name: 'Ada' } });
    assert.deepEqual(await answers.elicit(form('How old?')), { action: 'accept', content: { age: 36 } });
    assert.deepEqual(said, [
      'the tool asked "Who?": answered from --answer',
      'the tool asked "How old?": answered from --answer',
    ]);
  });

  it('declines or cancels when the answer says so', async () => {
    const { answers, said } = answering(['decline', 'cancel']);
    assert.deepEqual(await answers.elicit(form('Sure?')), { action: 'decline' });
    assert.deepEqual(await answers.elicit(form('Really?')), { action: 'cancel' });
    assert.deepEqual(said, [
      'the tool asked "Sure?": declined by --answer',
      'the tool asked "Really?": cancelled by --answer',
    ]);
  });

  it('declines when no answer is left, without waiting for anybody', async () => {
    const { answers, said } = answering([]);
    assert.deepEqual(await answers.elicit(form('Name?')), { action: 'decline' });
    assert.deepEqual(said, ['the tool asked "Name?"; no --answer left: declined']);
  });

  it('declines an answer that is not a JSON object, and goes on to the next', async () => {
    const { answers, said } = answering(['[1,2]', 'not json', '"text"', 'null', '{"ok":true}']);
    for (let i = 0; i < 4; i++) assert.deepEqual(await answers.elicit(form('Q?')), { action: 'decline' });
    assert.deepEqual(await answers.elicit(form('Q?')), { action: 'accept', content: { ok: true } });
    assert.deepEqual(said.slice(0, 4), [
      'the tool asked "Q?"; --answer [1,2] is not a JSON object: declined',
      'the tool asked "Q?"; --answer not json is not a JSON object: declined',
      'the tool asked "Q?"; --answer "text" is not a JSON object: declined',
      'the tool asked "Q?"; --answer null is not a JSON object: declined',
    ]);
  });

  it('declines a page to open, keeping the answer for the next question', async () => {
    const { answers, said } = answering(['{"a":1}']);
    const url = { mode: 'url', message: 'Log in', url: 'https://example.test/login', elicitationId: 'e1' };
    assert.deepEqual(await answers.elicit(url as ElicitRequest), { action: 'decline' });
    assert.deepEqual(said, ['the tool asked a page to open (https://example.test/login); no --answer left: declined']);
    assert.deepEqual(await answers.elicit(form('Then?')), { action: 'accept', content: { a: 1 } });
  });

  it('uses its own copy of the answers', async () => {
    const values = ['{"a":1}'];
    const { answers } = answering(values);
    values.length = 0;
    assert.deepEqual(await answers.elicit(form('Q?')), { action: 'accept', content: { a: 1 } });
  });
});

describe('QuestionAnswers.sample', () => {
  it("takes the next answer as the model's reply", async () => {
    const { answers, said } = answering(['Paris', '{"a":1}']);
    assert.deepEqual(await answers.sample(sampling(2)), {
      action: 'accept',
      result: {
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'tool-console',
        stopReason: 'endTurn',
      },
    });
    assert.deepEqual(said, ['the tool asked for a model reply (2 messages): answered from --answer']);
    // A reply is text, whatever it looks like.
    const second = await answers.sample(sampling(1));
    assert.deepEqual(second.action === 'accept' && second.result.content, { type: 'text', text: '{"a":1}' });
  });

  it('declines when told to or when no answer is left, and cancels when told to', async () => {
    const { answers, said } = answering(['decline', 'cancel']);
    assert.deepEqual(await answers.sample(sampling(1)), { action: 'decline' });
    assert.deepEqual(await answers.sample(sampling(1)), { action: 'cancel' });
    assert.deepEqual(await answers.sample(sampling(1)), { action: 'decline' });
    assert.deepEqual(said, [
      'the tool asked for a model reply (sampling); no --answer left: declined',
      'the tool asked for a model reply (sampling); no --answer left: declined',
    ]);
  });
});
