// Edges of drawing a schema as fields: prose names in the singular, enum names that are no names, the value editor of
// arguments open to any key, and an allOf member whose $ref cannot be followed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Field, ObjectField } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

function property(schema: unknown, key = 'p', extra: Record<string, unknown> = {}): Field {
  const root = describeSchema({ type: 'object', properties: { [key]: schema }, ...extra });
  assert.equal(root.kind, 'object');
  return (root as ObjectField).properties[0].field;
}

describe('schema field edges', () => {
  it('should give a string named note, like notes, several lines', () => {
    for (const key of ['note', 'notes', 'release_note']) {
      const field = property({ type: 'string' }, key);
      assert.equal(field.kind === 'string' && field.multiline, true, key);
    }
    const field = property({ type: 'string' }, 'notebook');
    assert.equal(field.kind === 'string' && field.multiline, false);
  });

  it('should label an enum value by the value when its enumName is empty or not text', () => {
    const field = property({ enum: ['a', 'b', 'c'], enumNames: ['', 5, 'Cee'] });
    assert.deepEqual(field.kind === 'enum' && field.options, [
      { label: 'a', value: 'a' },
      { label: 'b', value: 'b' },
      { label: 'Cee', value: 'c' },
    ]);
  });

  it('should offer any JSON value for the extra keys of arguments open to any key', () => {
    const root = describeSchema({ type: 'object', additionalProperties: true });
    assert.equal(root.kind, 'object');
    const additional = (root as ObjectField).additional;
    assert.equal(additional?.kind === 'json' && additional.reason, 'Any JSON value.');
  });

  it('should edit a property as JSON, saying why, when a member of its allOf has a $ref that leads nowhere', () => {
    const field = property({ allOf: [{ type: 'object' }, { $ref: '#/$defs/missing' }] });
    assert.deepEqual(field.kind === 'json' && field.reason, 'Cannot follow $ref #/$defs/missing.');
  });

  it('should draw a schema whose only type is null as the value null', () => {
    for (const type of [['null'], 'null']) {
      const field = property({ type, description: 'always null' });
      assert.deepEqual([field.kind, field.kind === 'const' && field.value], ['const', null]);
    }
  });
});
