// formatRedacted on every shape a denial reason can take: each case compares the log text with what util.inspect
// prints for the same value written out with the secret already blanked, so the redaction is exact, not just absent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import { formatRedacted } from '../../server/core/redact-secrets.js';

const SECRET = 'sk-live-5f2a9c';
const BLANK = '[redacted]';
const redact = (value: unknown) => formatRedacted(value, [SECRET], inspect);

describe('formatRedacted', () => {
  it('blanks a secret in a plain string without quoting it', () => {
    assert.equal(redact(`bad token ${SECRET} (twice: ${SECRET})`), `bad token ${BLANK} (twice: ${BLANK})`);
  });

  it('blanks arrays, maps and sets, keys and values, and keeps their kinds', () => {
    const value = {
      list: [`a ${SECRET}`, 2],
      map: new Map([[`key ${SECRET}`, `value ${SECRET}`]]),
      set: new Set([SECRET, 'kept']),
    };
    const expected = {
      list: [`a ${BLANK}`, 2],
      map: new Map([[`key ${BLANK}`, `value ${BLANK}`]]),
      set: new Set([BLANK, 'kept']),
    };
    assert.equal(redact(value), inspect(expected));
  });

  it('blanks symbol descriptions, as keys and as values, and leaves other symbols as they are', () => {
    const kept = Symbol('kept');
    const value = { [Symbol(`key ${SECRET}`)]: 1, value: Symbol(`value ${SECRET}`), kept };
    const expected = { [Symbol(`key ${BLANK}`)]: 1, value: Symbol(`value ${BLANK}`), kept };
    assert.equal(redact(value), inspect(expected));
  });

  it('keeps the class name of an instance but none of its behaviour', () => {
    class Credentials {
      token = SECRET;
      [inspect.custom]() {
        return `custom ${this.token}`;
      }
    }
    class Shown {
      token = BLANK;
    }
    const printed = redact(new Credentials());
    assert.equal(printed, inspect(new Shown()).replace('Shown', 'Credentials'));
    assert.equal(
      redact(Object.assign(Object.create(null), { token: SECRET })),
      "[Object: null prototype] { token: '[redacted]' }",
    );
  });

  it('blanks Errors: message, stack, own fields and causes, keeping the class', () => {
    const error = new TypeError(`refused ${SECRET}`, { cause: new Error(`inner ${SECRET}`) });
    Object.assign(error, { header: `Bearer ${SECRET}` });
    const printed = redact(error);
    assert.doesNotMatch(printed, new RegExp(SECRET));
    assert.match(printed, /^TypeError: refused \[redacted\]\n/);
    assert.match(printed, /header: 'Bearer \[redacted\]'/);
    assert.match(printed, /\[cause\]: Error: inner \[redacted\]/);
  });

  it('keeps cycles, boxed primitives, extra array properties and accessors', () => {
    const cyclic: Record<string, unknown> = { token: SECRET };
    cyclic.self = cyclic;
    assert.equal(redact(cyclic), "<ref *1> { token: '[redacted]', self: [Circular *1] }");
    assert.equal(redact(new String(SECRET)), "[String: '[redacted]']");
    assert.equal(redact(Object.assign([SECRET], { note: SECRET })), "[ '[redacted]', note: '[redacted]' ]");
    const accessor = {
      get token(): string {
        throw new Error('a getter must not run while logging');
      },
    };
    assert.equal(redact(accessor), '{ token: [Getter] }');
  });

  it('leaves values whose text is not their own to the text pass', () => {
    // (A promise prints node's async ids next to its value: compare the value only.)
    assert.match(redact(Promise.resolve(`p ${SECRET}`)), /^Promise \{\s+'p \[redacted\]'/);
    const date = new Date(0);
    assert.equal(redact({ at: date }), inspect({ at: date }));
    assert.equal(redact(/sk-live-5f2a9c/), `/${BLANK}/`);
  });

  it('blanks the longest secret first, and leaves secrets shorter than 4 characters alone', () => {
    assert.equal(formatRedacted(`${SECRET}-extended`, [SECRET, `${SECRET}-extended`]), BLANK);
    assert.equal(formatRedacted('abc and abcd', ['abc', 'abcd']), `abc and ${BLANK}`);
  });

  it('says so instead of failing when the value cannot be walked', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys for you');
        },
      },
    );
    assert.equal(redact(hostile), '[a reason that could not be formatted]');
  });
});
