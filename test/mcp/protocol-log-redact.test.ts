// What the protocol log shows of a message with secrets in it: every known secret blanked wherever it is (longest
// first, so none leaves a piece of another behind; very short ones left alone), the value of any field named like a
// credential blanked whatever it holds, everything else kept as it was, and a message nested past 64 levels cut.
// redactMessage is pure; the log in front of real servers is in protocol-log.test.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type * as Redact from '../../server/mcp/protocol-log/redact-message.js';

let redactMessage: typeof Redact.redactMessage;

before(async () => {
  ({ redactMessage } = await import('../../server/mcp/protocol-log/redact-message.js'));
});

/** An object nested `levels` deep under `key`, `leaf` at the bottom. */
function nested(levels: number, wrap: (inner: unknown) => unknown, leaf: unknown = 'bottom'): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
}

/** How many levels down `value` goes before it reaches something that is not an object or an array. */
function depthOf(value: unknown): { levels: number; bottom: unknown } {
  let levels = 0;
  while (typeof value === 'object' && value !== null) {
    value = Array.isArray(value) ? value[0] : (value as { a: unknown }).a;
    levels++;
  }
  return { levels, bottom: value };
}

describe('the protocol log blanks secrets', () => {
  it('blanks the value of a field named like a credential, whoever sent it', () => {
    const message = {
      result: {
        access_token: 'at-unknown-to-the-console',
        Refresh_Token: 'rt-1',
        id_token: 'eyJ...',
        client_secret: 's3cr3t',
        password: 'hunter22',
        headers: { Authorization: 'Bearer abc', 'proxy-authorization': 'Basic x', Cookie: 'a=b', 'Set-Cookie': 'c=d' },
        keys: { apiKey: 'k1', api_key: 'k2', 'api-key': 'k3' },
      },
    };
    assert.deepEqual(redactMessage(message, []), {
      result: {
        access_token: '[redacted]',
        Refresh_Token: '[redacted]',
        id_token: '[redacted]',
        client_secret: '[redacted]',
        password: '[redacted]',
        headers: {
          Authorization: '[redacted]',
          'proxy-authorization': '[redacted]',
          Cookie: '[redacted]',
          'Set-Cookie': '[redacted]',
        },
        keys: { apiKey: '[redacted]', api_key: '[redacted]', 'api-key': '[redacted]' },
      },
    });
  });

  it('shows a credential field that is empty as empty', () => {
    assert.deepEqual(redactMessage({ access_token: null, refresh_token: '', password: 0 }, []), {
      access_token: null,
      refresh_token: '',
      password: '[redacted]',
    });
  });

  it('keeps fields that only begin or end like a credential name', () => {
    const metadata = {
      authorization_servers: ['https://auth.example.test'],
      hasPassword: true,
      apikeys_rotated: 2,
      'x-api-key-hint': 'see the docs',
    };
    assert.deepEqual(redactMessage(metadata, []), metadata);
  });

  it('blanks a secret and a longer secret that starts with it whole, in either order', () => {
    const text = { note: 'long tok-12345678, short tok-1234' };
    const blanked = { note: 'long [redacted], short [redacted]' };
    assert.deepEqual(redactMessage(text, ['tok-1234', 'tok-12345678']), blanked);
    assert.deepEqual(redactMessage(text, ['tok-12345678', 'tok-1234']), blanked);
    assert.deepEqual(redactMessage(text, ['tok-1234', 'x-not-there', 'tok-12345678']), blanked);
  });

  it('blanks secrets of four characters and more, in keys too, and leaves shorter ones alone', () => {
    assert.deepEqual(redactMessage({ 'abcd-key': 'abcd and abc' }, ['abc', 'abcd']), {
      '[redacted]-key': '[redacted] and abc',
    });
  });

  it('keeps numbers, booleans and nulls as they are', () => {
    const message = { jsonrpc: '2.0', id: 4, result: { count: 3, done: false, next: null, items: [1, true, null] } };
    assert.deepEqual(redactMessage(message, ['secret-value']), message);
  });
});

describe('the protocol log cuts a message nested too deep', () => {
  it('keeps 64 levels of objects and cuts what lies below', () => {
    const wrap = (inner: unknown) => ({ a: inner });
    assert.deepEqual(depthOf(redactMessage(nested(64, wrap), [])), { levels: 64, bottom: 'bottom' });
    assert.deepEqual(depthOf(redactMessage(nested(65, wrap), [])), { levels: 64, bottom: '[too deep]' });
  });

  it('keeps 64 levels of arrays and cuts what lies below', () => {
    const wrap = (inner: unknown) => [inner];
    assert.deepEqual(depthOf(redactMessage(nested(64, wrap), [])), { levels: 64, bottom: 'bottom' });
    assert.deepEqual(depthOf(redactMessage(nested(100, wrap), [])), { levels: 64, bottom: '[too deep]' });
  });
});
