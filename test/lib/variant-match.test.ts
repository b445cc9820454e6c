import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSchema } from '../../elements/schema/schema-fields.js';
import { matchVariant } from '../../elements/schema/variant-match.js';

function variantsOf(schema: Record<string, unknown>) {
  const field = describeSchema(schema);
  assert.equal(field.kind, 'variant');
  return field.kind === 'variant' ? field.variants : [];
}

describe('matchVariant', () => {
  const shapes = variantsOf({
    oneOf: [
      { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind'] },
      { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
    ],
  });

  it('opens the variant whose discriminator the value carries', () => {
    assert.equal(matchVariant(shapes, { kind: 'square', side: 2 }), 1);
    assert.equal(matchVariant(shapes, { kind: 'circle' }), 0);
  });

  it('opens the first variant for an unset value', () => {
    assert.equal(matchVariant(shapes, undefined), 0);
  });

  it('tells variants apart by their properties and types', () => {
    const byShape = variantsOf({
      anyOf: [
        { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
        { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false },
      ],
    });
    assert.equal(matchVariant(byShape, { id: 3 }), 1);
    const byType = variantsOf({ type: ['string', 'number'] });
    assert.equal(matchVariant(byType, 5), 1);
    assert.equal(matchVariant(byType, 'x'), 0);
  });
});
