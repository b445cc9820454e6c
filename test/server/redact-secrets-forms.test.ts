// formatRedacted on the forms redact-secrets.test.ts leaves out: values kept as they are (binary data, weak
// collections), a runtime without SharedArrayBuffer, symbol keys that inspect escapes, prototypes without a named
// constructor, nulls, empty and holey arrays, and structures nested past the walk's limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import { formatRedacted } from '../../server/core/redact-secrets.js';

const SECRET = 'sk-live-5f2a9c';
const BLANK = '[redacted]';
const redact = (value: unknown) => formatRedacted(value, [SECRET], inspect);

/** `{ next: { next: ... end } }`, `levels` objects deep. */
function chain(levels: number, end: unknown = {}): unknown {
  let value = end;
  for (let level = 0; level < levels; level++) value = { next: value };
  return value;
}

describe('formatRedacted on other forms', () => {
  it('prints binary data and weak collections as inspect does', () => {
    const value = {
      token: SECRET,
      buffer: new ArrayBuffer(2),
      shared: new SharedArrayBuffer(2),
      weakMap: new WeakMap(),
      weakSet: new WeakSet(),
    };
    assert.equal(redact(value), inspect({ ...value, token: BLANK }));
  });

  it('works where the runtime has no SharedArrayBuffer', () => {
    const shared = Object.getOwnPropertyDescriptor(globalThis, 'SharedArrayBuffer')!;
    delete (globalThis as { SharedArrayBuffer?: unknown }).SharedArrayBuffer;
    try {
      assert.equal(
        redact({ token: SECRET, buffer: new ArrayBuffer(1) }),
        inspect({ token: BLANK, buffer: new ArrayBuffer(1) }),
      );
    } finally {
      Object.defineProperty(globalThis, 'SharedArrayBuffer', shared);
    }
  });

  it('blanks a secret in a symbol key even where inspect escapes it, and keeps symbols without one', () => {
    // inspect prints a symbol key's backslashes doubled, so only the walk can find this secret there.
    const secret = 'sk\\live\\7c1d';
    const value = { [Symbol(`key ${secret}`)]: 1, [Symbol()]: 2, [Symbol('other')]: 3, value: Symbol(`v ${secret}`) };
    assert.equal(
      formatRedacted(value, [secret, 'unused-secret'], inspect),
      [
        '{',
        '  value: Symbol(v [redacted]),',
        '  [Symbol(key [redacted])]: 1,',
        '  [Symbol()]: 2,',
        '  [Symbol(other)]: 3',
        '}',
      ].join('\n'),
    );
  });

  it('prints an object whose prototype names no constructor as a plain one', () => {
    const inherited = Object.assign(Object.create({ kind: 'inherited' }), { token: SECRET });
    const unnamed = Object.assign(Object.create({ constructor: undefined }), { token: SECRET });
    assert.equal(redact(inherited), "{ token: '[redacted]' }");
    assert.equal(redact(unnamed), "{ token: '[redacted]' }");
  });

  it('keeps nulls, empty arrays, holes and an array property with an empty name', () => {
    const value = {
      nothing: null,
      empty: [],
      holes: Object.assign(new Array(3), { 1: SECRET }),
      named: Object.assign([SECRET], { '': SECRET }),
    };
    const expected = {
      nothing: null,
      empty: [],
      holes: Object.assign(new Array(3), { 1: BLANK }),
      named: Object.assign([BLANK], { '': BLANK }),
    };
    assert.equal(redact(value), inspect(expected));
  });

  it('cuts nesting past ten levels, and so logs a structure far deeper than the stack', () => {
    const deep = { token: SECRET, deep: chain(100_000) };
    assert.equal(redact(deep), "{ token: '[redacted]', deep: { next: { next: [Object] } } }");
    const everything = (value: unknown) => inspect(value, { depth: Infinity, breakLength: Infinity });
    assert.equal(formatRedacted(chain(12), [SECRET], everything), everything(chain(11, '[nested too deeply]')));
  });
});
