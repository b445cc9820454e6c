// The raw JSON view may hold anything: arguments whose shape is not the drawn fields' (an array where an object is
// drawn, an object where text is) have no "missing" properties to name; the server's validation speaks for them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSchema } from '../../elements/schema/schema-fields.js';
import { missingRequired } from '../../elements/tool-form/missing-required.js';

const form = describeSchema({
  type: 'object',
  properties: {
    people: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    label: { type: 'string' },
  },
  required: ['people'],
});

describe('missingRequired: arguments of another shape', () => {
  it('should name nothing in arguments that are not an object', () => {
    assert.deepEqual(missingRequired(form, [{}, {}]), []);
    assert.deepEqual(missingRequired(form, 'people'), []);
  });

  it('should name nothing inside a value whose shape is not its field’s', () => {
    assert.deepEqual(missingRequired(form, { people: { name: 'Ada' }, label: { text: 'x' } }), []);
    assert.deepEqual(missingRequired(form, { people: 'Ada', label: ['x'] }), []);
  });

  it('should still name what array items leave out', () => {
    assert.deepEqual(missingRequired(form, { people: [{ name: 'Ada' }, {}] }), [
      { path: '/people/1/name', keyword: 'required', message: "must have required property 'name'" },
    ]);
  });
});
