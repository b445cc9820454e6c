// The local check of a question's answer at its edges: the exact messages and keywords a person reads (as ajv words
// them), bounds that are met exactly, wrong types in every kind of field, null where it is and is not allowed, the
// anchors of the four formats, and formats the page does not know (left to the server).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSchema } from '../../elements/schema/schema-fields.js';
import { localProblems } from '../../elements/tool-question/local-check.js';

const question = describeSchema({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    host: { type: 'string', format: 'hostname' },
    odd: { type: 'string', format: 'constructor' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    agree: { type: 'boolean' },
    size: { type: 'string', enum: ['s', 'm'] },
    toppings: { type: 'array', items: { enum: ['ham', 'egg', 'kale'] }, minItems: 1, maxItems: 2 },
    note: { type: ['string', 'null'] },
  },
});

const check = (answer: Record<string, unknown>) => localProblems(question, answer);
const lines = (answer: Record<string, unknown>) => check(answer).map(({ path, message }) => `${path} ${message}`);

describe('localProblems: messages and keywords', () => {
  it('should word every problem as ajv does, with its keyword', () => {
    assert.deepEqual(check({ name: 'Adelheid', age: -1, toppings: ['ham', 'egg', 'kale'] }), [
      { path: '/name', keyword: 'maxLength', message: 'must NOT have more than 5 characters' },
      { path: '/age', keyword: 'minimum', message: 'must be >= 0' },
      { path: '/toppings', keyword: 'maxItems', message: 'must NOT have more than 2 items' },
    ]);
    assert.deepEqual(check({ email: 'ada', age: 1.5, agree: 'yes', size: 'xl' }), [
      { path: '/email', keyword: 'format', message: 'must match format "email"' },
      { path: '/age', keyword: 'type', message: 'must be integer' },
      { path: '/agree', keyword: 'type', message: 'must be boolean' },
      { path: '/size', keyword: 'enum', message: 'must be equal to one of the allowed values' },
    ]);
  });

  it('should name the type a field wants when the answer has another', () => {
    assert.deepEqual(localProblems(question, 'Ada'), [{ path: '', keyword: 'type', message: 'must be object' }]);
    assert.deepEqual(check({ name: 5, toppings: 'ham', note: 5 }), [
      { path: '/name', keyword: 'type', message: 'must be string' },
      { path: '/toppings', keyword: 'type', message: 'must be array' },
      { path: '/note', keyword: 'type', message: 'must be string' },
    ]);
  });

  it('should take null only where the schema allows it', () => {
    assert.deepEqual(lines({ note: null }), []);
    assert.deepEqual(lines({ name: null }), ['/name must be string']);
  });
});

describe('localProblems: bounds met exactly', () => {
  it('should take lengths, numbers and counts equal to their bounds', () => {
    assert.deepEqual(lines({ name: 'Al', age: 0, toppings: ['ham'] }), []);
    assert.deepEqual(lines({ name: 'Adelh', age: 150, toppings: ['ham', 'egg'] }), []);
  });

  it('should refuse one past each bound', () => {
    assert.deepEqual(lines({ name: 'A', age: 151, toppings: [] }), [
      '/name must NOT have fewer than 2 characters',
      '/age must be <= 150',
      '/toppings must NOT have fewer than 1 items',
    ]);
  });
});

describe('localProblems: the formats', () => {
  const format = (property: string, values: string[]) =>
    values.filter((value) => check({ [property]: value }).length === 0);

  it('should hold the whole text to the format, not a part of it', () => {
    assert.deepEqual(format('email', ['ada@example.org', 'a da@example.org', 'ada@example.org x']), [
      'ada@example.org',
    ]);
    assert.deepEqual(format('site', ['s3://bucket/key', ' https://example.org', 'https://exa mple.org']), [
      's3://bucket/key',
    ]);
    assert.deepEqual(format('born', ['1815-12-10', ' 1815-12-10', '1815-12-10T10:00:00Z']), ['1815-12-10']);
    assert.deepEqual(
      format('at', [
        '2024-05-01T10:00:00.125Z',
        '2024-05-01T10:00:00.5+02:00',
        ' 2024-05-01T10:00:00Z',
        // An extended year: a date Date.parse reads, not the RFC 3339 form.
        '+002024-05-01T10:00:00Z',
        '2024-05-01T10:00:00Z x',
        // No seconds: RFC 3339 requires them, and so does the server's check (ajv-formats).
        '2024-05-01T10:00Z',
      ]),
      ['2024-05-01T10:00:00.125Z', '2024-05-01T10:00:00.5+02:00'],
    );
  });

  it('should leave formats it does not know to the server', () => {
    assert.deepEqual(lines({ host: 'not a host name!', odd: 'x' }), []);
  });
});
