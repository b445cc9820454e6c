import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingRequired } from '../../elements/tool-form/missing-required.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

const graph = describeSchema({
  type: 'object',
  properties: {
    entities: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, observations: { type: 'array', items: { type: 'string' } } },
        required: ['name'],
      },
    },
    note: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    limit: { type: 'integer' },
  },
  required: ['entities'],
});

describe('missingRequired', () => {
  it('names a required property left out, worded as ajv words it', () => {
    assert.deepEqual(missingRequired(graph, {}), [
      { path: '/entities', keyword: 'required', message: "must have required property 'entities'" },
    ]);
  });

  it('looks inside present objects and array items, and not inside absent optional ones', () => {
    assert.deepEqual(
      missingRequired(graph, { entities: [{ name: 'Bob' }, {}], note: {} }).map((failure) => failure.path),
      ['/entities/1/name', '/note/text'],
    );
  });

  it('finds nothing when everything required is there, or when the value is not an object', () => {
    assert.deepEqual(missingRequired(graph, { entities: [{ name: 'Bob', observations: [] }] }), []);
    assert.deepEqual(missingRequired(graph, 'text'), []);
    assert.deepEqual(missingRequired(graph, null), []);
  });

  it('escapes keys as JSON Pointers', () => {
    const odd = describeSchema({ type: 'object', properties: { 'a/b~c': { type: 'string' } }, required: ['a/b~c'] });
    assert.equal(missingRequired(odd, {})[0].path, '/a~1b~0c');
  });
});
