// The page's decoders of what the server (or anything in front of it) answers: error bodies, the field errors of a
// rejected answer, and the questions a call's server asks. Whatever arrives, the page gets the documented shape or
// nothing: no field it does not know, no value of the wrong type.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerErrors, decodeQuestion, decodeQuestionClosed, errorMessageOf } from '../../protocol/index.js';

describe('error bodies', () => {
  it("reads an error body's message, and nothing from what is not one", () => {
    assert.equal(errorMessageOf({ error: 'Tool not found: x' }), 'Tool not found: x');
    for (const body of [undefined, null, 'text', ['error'], { error: 5 }, { message: 'x' }]) {
      assert.equal(errorMessageOf(body), undefined, JSON.stringify(body));
    }
  });

  it("reads a rejected answer's field errors, each as {path, message, keyword}, and drops the rest", () => {
    const body = {
      error: 'The answer does not match the requested schema.',
      errors: [
        { path: '/age', message: 'must be >= 0', keyword: 'minimum', extra: 'dropped' },
        { path: '', message: 'must have required property name' },
        { path: 5, message: 'a path that is not text' },
        { path: '/x' },
        'not an object',
      ],
    };
    assert.deepEqual(answerErrors(body), [
      { path: '/age', message: 'must be >= 0', keyword: 'minimum' },
      { path: '', message: 'must have required property name', keyword: '' },
    ]);
    for (const other of [undefined, { errors: 'no list' }, [{ path: '/a', message: 'm' }]]) {
      assert.deepEqual(answerErrors(other), [], JSON.stringify(other));
    }
  });
});

describe('questions', () => {
  it('reads a form elicitation, with or without its mode, and keeps only an object as its schema', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    assert.deepEqual(
      decodeQuestion({ id: 'q1', kind: 'elicitation', params: { message: 'Who?', requestedSchema: schema } }),
      { id: 'q1', params: { mode: 'form', message: 'Who?', requestedSchema: schema } },
    );
    assert.deepEqual(
      decodeQuestion({ id: 'q2', kind: 'elicitation', params: { mode: 'form', message: 7, requestedSchema: [] } }),
      { id: 'q2', params: { mode: 'form', message: '', requestedSchema: {} } },
    );
    assert.equal(decodeQuestion({ id: 'q3', kind: 'elicitation', params: { mode: 'voice', message: 'x' } }), undefined);
  });

  it('reads a URL elicitation with its id, and refuses one without a URL', () => {
    assert.deepEqual(
      decodeQuestion({
        id: 'u1',
        kind: 'elicitation',
        params: { mode: 'url', message: 'Sign in', url: 'https://example.com/a', elicitationId: 'e-1', extra: 1 },
      }),
      { id: 'u1', params: { mode: 'url', message: 'Sign in', url: 'https://example.com/a', elicitationId: 'e-1' } },
    );
    assert.deepEqual(
      decodeQuestion({ id: 'u2', kind: 'elicitation', params: { mode: 'url', url: 'https://e.x/', elicitationId: 3 } }),
      { id: 'u2', params: { mode: 'url', message: '', url: 'https://e.x/' } },
    );
    assert.equal(decodeQuestion({ id: 'u3', kind: 'elicitation', params: { mode: 'url', url: 5 } }), undefined);
  });

  it('reads a sampling request: its messages, options and preferences, each only of its own type', () => {
    const question = decodeQuestion({
      id: 's1',
      kind: 'sampling',
      params: {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Hi' } },
          { role: 'assistant', content: [{ type: 'text', text: 'Hello' }, { text: 'no type' }] },
          { role: 'system', content: { type: 'text', text: 'read as the user' } },
          'not a message',
        ],
        systemPrompt: 'Be brief.',
        maxTokens: 100,
        temperature: Number.NaN,
        stopSequences: ['\n\n', 5],
        includeContext: 'thisServer',
        modelPreferences: { hints: [{ name: 'claude' }, { name: 7 }, 'x'], costPriority: 0.2, speedPriority: '1' },
        tools: [{ name: 'search' }],
        toolChoice: { mode: 'auto' },
      },
    });
    assert.deepEqual(question, {
      id: 's1',
      params: {
        mode: 'sampling',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
          { role: 'user', content: [{ type: 'text', text: 'read as the user' }] },
        ],
        systemPrompt: 'Be brief.',
        maxTokens: 100,
        stopSequences: ['\n\n'],
        includeContext: 'thisServer',
        modelHints: ['claude'],
        costPriority: 0.2,
        tools: ['search'],
        toolChoice: 'auto',
      },
    });
    const wrongTypes = { messages: [], modelPreferences: 1, systemPrompt: 5, includeContext: ['all'], toolChoice: {} };
    assert.deepEqual(decodeQuestion({ id: 's2', kind: 'sampling', params: wrongTypes }), {
      id: 's2',
      params: { mode: 'sampling', messages: [] },
    });
    assert.equal(decodeQuestion({ id: 's3', kind: 'sampling', params: { messages: 'Hi' } }), undefined);
  });

  it('reads nothing from what is not a question it can show', () => {
    for (const data of [
      undefined,
      'q',
      { id: '', kind: 'elicitation', params: {} },
      { id: 5, kind: 'elicitation', params: {} },
      { id: 'x', kind: 'elicitation', params: 'no params' },
      { id: 'x', kind: 'roots', params: {} },
    ]) {
      assert.equal(decodeQuestion(data), undefined, JSON.stringify(data));
    }
  });

  it('reads a closed question: completed, or cancelled for any other reason; nothing without an id', () => {
    assert.deepEqual(decodeQuestionClosed({ id: 'q1', reason: 'completed' }), { id: 'q1', reason: 'completed' });
    assert.deepEqual(decodeQuestionClosed({ id: 'q1', reason: 'timeout' }), { id: 'q1', reason: 'cancelled' });
    assert.deepEqual(decodeQuestionClosed({ id: 'q1' }), { id: 'q1', reason: 'cancelled' });
    assert.equal(decodeQuestionClosed({ reason: 'completed' }), undefined);
    assert.equal(decodeQuestionClosed(null), undefined);
  });
});
