// Where a $ref may lead (only into the tool's own schema, only to a schema) and how two schemas that must both hold
// become one: `required` united (strings only, once each), the later schema's keywords winning, `type` kept from the
// earlier schema when the later says nothing of it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ObjectField } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';
import { mergeSchemas, resolveRef } from '../../elements/schema/schema-ref.js';

const root = { $defs: { word: { type: 'string', title: 'Word' }, flag: true, count: 3 } };

describe('resolveRef: only to a schema, only inside this one', () => {
  it('should not follow a relative reference to another document, even one that looks like a pointer', () => {
    assert.equal(resolveRef(root, './$defs/word'), undefined);
    assert.equal(resolveRef(root, 'x/$defs/word'), undefined);
    assert.deepEqual(resolveRef(root, '#/$defs/word'), { type: 'string', title: 'Word' });
  });

  it('should resolve to schemas (objects and booleans) only, not to other values', () => {
    assert.equal(resolveRef(root, '#/$defs/flag'), true);
    assert.equal(resolveRef(root, '#/$defs/word/title'), undefined);
    assert.equal(resolveRef(root, '#/$defs/count'), undefined);
  });
});

describe('mergeSchemas', () => {
  it('should unite required, each name once and only names', () => {
    assert.deepEqual(mergeSchemas({ required: ['a', 'b'] }, { required: ['b', 'c'] }).required, ['a', 'b', 'c']);
    assert.deepEqual(mergeSchemas({ required: ['a', 'a', 1] }, {}).required, ['a']);
    assert.deepEqual(mergeSchemas({}, { required: ['b', null, 'b'] }).required, ['b']);
    assert.deepEqual(mergeSchemas({ required: 'a' }, { required: ['b'] }).required, ['b']);
  });

  it('should add no required list when neither schema has one', () => {
    assert.deepEqual(mergeSchemas({ title: 'A' }, { description: 'B' }), { title: 'A', description: 'B' });
  });

  it("should take the later schema's type, and keep the earlier one when the later has none", () => {
    assert.deepEqual(mergeSchemas({ type: 'number' }, { type: 'integer' }), { type: 'integer' });
    assert.deepEqual(mergeSchemas({ type: 'number' }, { minimum: 1 }), { type: 'number', minimum: 1 });
    assert.deepEqual(mergeSchemas({ type: 'number' }, { type: undefined }), { type: 'number' });
  });

  it('should draw a form from the merged schema: the later type, every required field', () => {
    const form = describeSchema({
      allOf: [
        { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
        { properties: { n: { type: 'integer' }, s: { type: 'string' } }, required: ['s', 'n'] },
      ],
    }) as ObjectField;
    assert.equal(form.kind, 'object');
    const n = form.properties.find((property) => property.key === 'n')!;
    assert.equal(n.field.kind, 'number');
    assert.equal(n.field.kind === 'number' && n.field.integer, true);
    assert.deepEqual(
      form.properties.map(({ key, required }) => [key, required]),
      [
        ['n', true],
        ['s', true],
      ],
    );
  });
});
