// Local `$ref` resolution: a ref is a URI fragment holding a JSON Pointer, percent-decoded first. A ref whose
// percent-encoding is malformed names nothing: it cannot be resolved (the form edits that field as JSON), and must
// never throw out of the form's schema walk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ObjectField } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';
import { resolveRef } from '../../elements/schema/schema-ref.js';

const root = {
  $defs: { 'a b': { type: 'string' }, é: { type: 'integer' }, 'x/y': { type: 'boolean' }, '%': { type: 'number' } },
  items: [{ type: 'null' }],
};

describe('resolveRef', () => {
  it('should follow percent-encoded and ~-escaped pointers', () => {
    assert.deepEqual(resolveRef(root, '#/$defs/a%20b'), { type: 'string' });
    assert.deepEqual(resolveRef(root, '#/$defs/%C3%A9'), { type: 'integer' });
    assert.deepEqual(resolveRef(root, '#/$defs/x~1y'), { type: 'boolean' });
    assert.deepEqual(resolveRef(root, '#/$defs/%25'), { type: 'number' });
    assert.deepEqual(resolveRef(root, '#/items/0'), { type: 'null' });
    assert.equal(resolveRef(root, '#'), root);
  });

  for (const ref of ['#/%E0%A4%A', '#/$defs/%', '#/$defs/%zz', '#/%C3', '#/$defs/%ED%A0%80', '#%']) {
    it(`should answer "cannot resolve" for the malformed escape in ${ref}, without throwing`, () => {
      assert.equal(resolveRef(root, ref), undefined);
    });
  }

  it('should make a field behind a malformed ref a JSON field that says it cannot follow the ref', () => {
    const form = describeSchema({ type: 'object', properties: { p: { $ref: '#/%E0%A4%A' }, q: { type: 'string' } } });
    assert.equal(form.kind, 'object');
    const [p, q] = (form as ObjectField).properties.map((property) => property.field);
    assert.deepEqual([p!.kind, p!.kind === 'json' && p!.reason], ['json', 'Cannot follow $ref #/%E0%A4%A.']);
    assert.equal(q!.kind, 'string');
  });
});
