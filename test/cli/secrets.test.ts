// Which values the CLI blanks out of the MCP server's stderr: environment variables named like secrets (for --stdio,
// whose server inherits them) and --header values with the credential after their scheme (for --url).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secretsOf } from '../../server/cli/secrets.js';

describe('secretsOf', () => {
  it('takes the values of environment variables named like secrets, at least 8 characters long', () => {
    const env = {
      GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_0123456789abcdef',
      OPENAI_API_KEY: 'sk-0123456789',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
      DB_PASSWORD: '  hunter2hunter2  ',
      private_key: 'lowercase-names-too',
      SHORT_TOKEN: 'abc',
      PATH: '/usr/local/bin:/usr/bin',
      HOME: '/root',
      KEYBOARD: 'us-international',
    };
    assert.deepEqual(secretsOf({ stdio: { command: 'x', env } }).sort(), [
      'ghp_0123456789abcdef',
      'hunter2hunter2',
      'lowercase-names-too',
      'sk-0123456789',
      'wJalrXUtnFEMI/K7MDENG',
    ]);
    assert.deepEqual(secretsOf({ stdio: { command: 'x' } }), []);
  });

  it('takes --header values and the credential after their scheme', () => {
    const target = {
      url: 'http://127.0.0.1/mcp',
      headers: { Authorization: 'Bearer t0ken-abcdef', 'X-Api-Key': 'k3y-123456' },
    };
    assert.deepEqual(secretsOf(target).sort(), ['Bearer t0ken-abcdef', 'k3y-123456', 't0ken-abcdef']);
  });
});
