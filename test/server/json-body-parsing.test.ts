// Request bodies read as JSON without prototype keys, whether the console read the text or the host's parser did.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { ConsoleRequest } from '../../server/core/http/console-request.js';
import {
  bodyTooLarge,
  HostParsedBody,
  parseBody,
  parseJson,
  parseJsonText,
  readJson,
  reparseHostBody,
} from '../../server/core/http/json-body.js';

const hasOwn = (value: unknown, key: string) => Object.prototype.hasOwnProperty.call(value, key);

describe('json bodies', () => {
  const realParse = JSON.parse;
  afterEach(() => {
    JSON.parse = realParse;
  });

  it('a 413 closes the connection, shows its message and gives the limit as a number', () => {
    const error = bodyTooLarge(1024);
    assert.equal(error.status, 413);
    assert.equal(error.message, 'Request body exceeds 1024 bytes.');
    assert.equal(error.expose, true);
    assert.deepEqual(error.headers, { Connection: 'close' });
    assert.deepEqual(error.fields, { limitBytes: 1024 });
  });

  it('drops `__proto__` keys, spelled out or escaped, and keeps the rest', () => {
    const plain = parseJson('{"__proto__":{"admin":true},"a":1}') as Record<string, unknown>;
    assert.equal(hasOwn(plain, '__proto__'), false);
    assert.deepEqual({ ...plain }, { a: 1 });
    const escaped = parseJson('{"\\u005f_proto__":{"admin":true},"b":"\\u00e9"}') as Record<string, unknown>;
    assert.equal(hasOwn(escaped, '__proto__'), false);
    assert.deepEqual({ ...escaped }, { b: 'é' });
    assert.deepEqual(parseJson('{"a":"__proto__"}'), { a: '__proto__' });
    assert.deepEqual(parseJson('{"nested":{"__proto__":1,"c":[1]}}'), { nested: { c: [1] } });
  });

  it('parses text that cannot spell `__proto__` without the (slow) reviver', () => {
    const revivers: unknown[] = [];
    JSON.parse = (text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      revivers.push(reviver);
      return realParse(text, reviver);
    };
    assert.deepEqual(parseJson('{"a":[1,2,{"b":null}]}'), { a: [1, 2, { b: null }] });
    assert.deepEqual(parseJson('"proto__ u"'), 'proto__ u');
    assert.deepEqual(revivers, [undefined, undefined]);
  });

  it('says why text is not JSON', () => {
    assert.deepEqual(parseJsonText('[1]'), { ok: true, value: [1] });
    const parsed = parseJsonText('{not json');
    assert.equal(parsed.ok, false);
    assert.ok(!parsed.ok && parsed.error instanceof SyntaxError);
  });

  it("cleans what the host's parser made as our own parser would", () => {
    assert.deepEqual(reparseHostBody('{"a":1}'), { ok: true, value: { a: 1 } });
    assert.equal(reparseHostBody('nope').ok, false);
    const withProto = JSON.parse('{"__proto__":{"admin":true},"a":1}') as unknown;
    const cleaned = reparseHostBody(withProto);
    assert.ok(cleaned.ok);
    assert.equal(hasOwn(cleaned.value, '__proto__'), false);
    assert.deepEqual(reparseHostBody({ when: new Date(0), gone: undefined }), {
      ok: true,
      value: { when: '1970-01-01T00:00:00.000Z' },
    });
    assert.deepEqual(reparseHostBody(undefined), { ok: true, value: undefined });
  });

  it("refuses a host's value that has no JSON form, saying why", () => {
    const parsed = reparseHostBody({ n: 1n });
    assert.equal(parsed.ok, false);
    assert.ok(!parsed.ok && parsed.error instanceof SyntaxError);
    assert.match(!parsed.ok ? parsed.error.message : '', /^The parsed body is not JSON: .*BigInt/);
  });

  it('parses a body by where it came from', () => {
    assert.deepEqual(parseBody('{"a":1}'), { ok: true, value: { a: 1 } });
    // The host's string is JSON text to parse, not a string value.
    assert.deepEqual(parseBody(new HostParsedBody('{"a":1}')), { ok: true, value: { a: 1 } });
    assert.deepEqual(parseBody(new HostParsedBody({ a: [1] })), { ok: true, value: { a: [1] } });
  });

  it('reads the request body within the limit it is given', async () => {
    const limits: number[] = [];
    const request = {
      readBody: (limit: number) => (limits.push(limit), Promise.resolve('{"x":true}')),
    } as unknown as ConsoleRequest;
    assert.deepEqual(await readJson(request, 99), { ok: true, value: { x: true } });
    assert.deepEqual(limits, [99]);
  });
});
