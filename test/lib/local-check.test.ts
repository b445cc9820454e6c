import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localProblems } from '../../elements/tool-question/local-check.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

// The shapes a server may ask for in a question (MCP elicitation): flat properties of primitives and multi-selects.
const question = describeSchema({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number' },
    agree: { type: 'boolean' },
    size: { type: 'string', enum: ['s', 'm'] },
    toppings: { type: 'array', items: { enum: ['ham', 'egg', 'kale'] }, minItems: 1, maxItems: 2 },
    note: { type: ['string', 'null'] },
  },
  required: ['name', 'agree'],
});

const problems = (value: unknown) => localProblems(question, value).map(({ path, keyword }) => `${path} ${keyword}`);

describe('localProblems', () => {
  it('finds nothing in a value that fits, with optional fields left out', () => {
    assert.deepEqual(problems({ name: 'Ada', agree: true }), []);
    assert.deepEqual(
      problems({
        name: '日本語',
        email: 'ada@example.org',
        site: 'https://example.org/a?b',
        born: '1815-12-10',
        at: '2024-05-01T10:00:00+02:00',
        age: 36,
        ratio: -0.5,
        agree: false,
        size: 'm',
        toppings: ['egg', 'ham'],
        note: null,
      }),
      [],
    );
  });

  it('names what is missing and what is out of bounds, worded as ajv words it', () => {
    assert.deepEqual(localProblems(question, { name: 'A', age: 151, toppings: [] }), [
      { path: '/name', keyword: 'minLength', message: 'must NOT have fewer than 2 characters' },
      { path: '/age', keyword: 'maximum', message: 'must be <= 150' },
      { path: '/agree', keyword: 'required', message: "must have required property 'agree'" },
      { path: '/toppings', keyword: 'minItems', message: 'must NOT have fewer than 1 items' },
    ]);
    assert.deepEqual(problems({ name: 'Adelheid', agree: true, age: -1, toppings: ['ham', 'egg', 'kale'] }), [
      '/name maxLength',
      '/age minimum',
      '/toppings maxItems',
    ]);
  });

  it('counts characters as code points, as JSON Schema does', () => {
    assert.deepEqual(problems({ name: '😀😀', agree: true }), []);
    assert.deepEqual(problems({ name: '😀😀😀😀😀😀', agree: true }), ['/name maxLength']);
  });

  it('checks the formats MCP names, and types', () => {
    assert.deepEqual(
      localProblems(question, {
        name: 'Ada',
        agree: 'yes',
        email: 'ada',
        site: 'example.org',
        born: '10/12/1815',
        at: '2024-05-01T10:00',
        age: 3.5,
        ratio: '1.',
        size: 'xl',
        toppings: ['ham', 'bacon'],
      }).map(({ path, message }) => `${path} ${message}`),
      [
        '/email must match format "email"',
        '/site must match format "uri"',
        '/born must match format "date"',
        '/at must match format "date-time"',
        '/age must be integer',
        '/ratio must be number',
        '/agree must be boolean',
        '/size must be equal to one of the allowed values',
        '/toppings/1 must be equal to one of the allowed values',
      ],
    );
    assert.deepEqual(problems('text'), [' type']);
  });

  it('leaves what it does not know to the server', () => {
    const variants = describeSchema({
      type: 'object',
      properties: { shape: { oneOf: [{ type: 'object' }, { type: 'string' }] }, pair: { prefixItems: [{}, {}] } },
    });
    assert.deepEqual(localProblems(variants, { shape: 3, pair: 'x' }), []);
  });
});
