// Which environment variable names mark a secret, spelled every way the pattern allows, and the edges of what is
// kept: exactly 8 characters is long enough, and a value shared by two variables is blanked once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secretsOf } from '../../server/cli/secrets.js';

const fromEnv = (env: Record<string, string>) => secretsOf({ stdio: { command: 'x', env } }).sort();

describe('secretsOf: the names of secrets', () => {
  it('knows each word of a secret name, with or without the underscore', () => {
    const names = [
      'GH_TOKEN',
      'APP_SECRET',
      'PASSWORD',
      'FTP_PASSWD',
      'API_KEY',
      'APIKEY',
      'PRIVATE_KEY',
      'PRIVATEKEY',
    ];
    const env = Object.fromEntries([...names, 'AWS_CREDENTIALS'].map((name, i) => [name, `value-${name}-${i}`]));
    assert.deepEqual(fromEnv(env), Object.values(env).sort());
  });

  it('keeps values of exactly 8 characters, drops shorter ones, and lists a shared value once', () => {
    assert.deepEqual(fromEnv({ A_TOKEN: '12345678', B_TOKEN: '1234567', C_SECRET: '12345678', D_KEY_ID: 'abcdefgh' }), [
      '12345678',
    ]);
  });

  it('measures a value without the spaces around it', () => {
    assert.deepEqual(fromEnv({ A_TOKEN: '  1234567  ' }), []);
  });
});
