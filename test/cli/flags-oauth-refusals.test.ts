// The OAuth flags are refused where nothing authorizes with them: each one alone (no --url), and each flag that
// names a client when a config file's many servers would share it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { nowhere, serve, usageError } from './parse-cli.js';

/** Every OAuth flag, with a value where it takes one. */
const OAUTH_FLAGS: [string, ...string[]][] = [
  ['--client-id', 'id'],
  ['--client-secret', 'secret'],
  ['--client-assertion-key', 'key.pem'],
  ['--client-credentials'],
  ['--client-metadata-url', 'https://example.com/client.json'],
  ['--scope', 'read write'],
  ['--token-store', 'tokens.json'],
  ['--open'],
];

const CLIENT_FLAGS = OAUTH_FLAGS.filter(([flag]) => flag.startsWith('--client-'));

/** Where a config file in the working directory holds a stdio server and a URL server. */
function withConfig() {
  const where = nowhere();
  const file = join(where.cwd, 'mcp.json');
  writeFileSync(
    file,
    JSON.stringify({ mcpServers: { local: { command: 'node' }, remote: { url: 'http://127.0.0.1:9/mcp' } } }),
  );
  return { where, file };
}

describe('CLI flags: OAuth flags where nothing authorizes', () => {
  for (const args of OAUTH_FLAGS) {
    it(`refuses ${args[0]} without --url`, () => {
      assert.equal(usageError(args), `${args[0]} only applies to --url`);
      assert.equal(usageError(['--stdio', 'node server.js', ...args]), `${args[0]} only applies to --url`);
    });
  }

  for (const args of CLIENT_FLAGS) {
    it(`refuses ${args[0]} for many servers at once`, () => {
      const { where, file } = withConfig();
      assert.equal(
        usageError(['--config', file, ...args], where),
        `${args[0]} identifies one client: choose its server with --server <name>`,
      );
    });
  }

  it('takes the shared flags for many servers when one of them is reached by URL', () => {
    const { where, file } = withConfig();
    const plan = serve(['--config', file, '--scope', 's', '--open'], where);
    assert.deepEqual([plan.oauth.scope, plan.oauth.open], ['s', true]);
  });

  it("takes a client's flags for the one server --server picks from the file", () => {
    const { where, file } = withConfig();
    const plan = serve(['--config', file, '--server', 'remote', '--client-id', 'id', '--client-secret', 's'], where);
    assert.deepEqual([plan.oauth.clientId, plan.oauth.clientSecret], ['id', 's']);
  });

  it('refuses a --client-metadata-url that is not a URL at all', () => {
    assert.equal(
      usageError(['--url', 'http://h/', '--client-metadata-url', 'client.json']),
      '--client-metadata-url must be an https URL with a path, got "client.json"',
    );
  });
});
