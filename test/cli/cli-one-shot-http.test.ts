// The one-shot commands against servers at a URL: server-everything's own Streamable HTTP entry point (every command,
// a header, a refused connection), and the OAuth fixture through a token store an earlier console filled; without
// tokens a script is told how to get them (exit 3), never left waiting for a browser.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import {
  authorizationUrl,
  authorizeAsUser,
  consoleUrl,
  startCli,
  startProtectedMcp,
  stopStarted,
} from '../fixtures/oauth/oauth-setup.js';
import { oneShot, startEverythingHttp } from './one-shot-cli.js';

describe('tool-console list|call|read|prompt over Streamable HTTP', () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  before(async () => (everything = await startEverythingHttp()));
  after(() => everything.stop());

  it('runs every command against server-everything at its URL, with a header', async () => {
    const url = ['--url', everything.url, '--header', 'X-Test: yes'];
    const [tools, call, read, prompt] = await Promise.all([
      oneShot(['list', 'tools', ...url]),
      oneShot(['call', 'echo', '--arg', 'message=over http', ...url]),
      oneShot(['read', 'demo://resource/static/document/architecture.md', ...url]),
      oneShot(['prompt', 'simple-prompt', '--json', ...url]),
    ]);
    assert.equal(tools.code, 0, tools.stderr);
    assert.match(tools.stdout, /^echo {2}Echo Tool: /m);
    assert.deepEqual([call.code, call.stdout], [0, 'Echo: over http\n']);
    assert.match(read.stdout, /^# Everything Server/);
    assert.equal(JSON.parse(prompt.stdout).messages[0].role, 'user');
  });

  it("exit 3 with the doctor's sentence when nothing listens at the URL", async () => {
    const refused = await oneShot(['list', 'tools', '--url', 'http://127.0.0.1:9/mcp']);
    assert.equal(refused.code, 3);
    assert.match(
      refused.stderr,
      /^tool-console: Could not connect to the MCP server \(http:\/\/127\.0\.0\.1:9\/mcp\): .*\n$/,
    );
  });
});

describe('tool-console list|call against a server behind OAuth', () => {
  afterEach(stopStarted);

  it('uses the tokens a console kept in --token-store; without them says how to authorize (exit 3)', async () => {
    const fixture = await startProtectedMcp();
    const store = join(mkdtempSync(join(tmpdir(), 'tool-console-oauth-')), 'tokens.json');
    const unauthorized = await oneShot(['list', 'tools', '--url', fixture.mcpUrl, '--token-store', store]);
    assert.equal(unauthorized.code, 3);
    assert.equal(
      unauthorized.stderr,
      `tool-console: ${fixture.mcpUrl} needs you to authorize first: run tool-console --url ${fixture.mcpUrl} ` +
        '--token-store <file> once and authorize in the browser, then pass the same --token-store here\n',
    );
    // A person authorizes once in a console...
    const console = startCli(['--url', fixture.mcpUrl, '--token-store', store]);
    assert.equal((await authorizeAsUser(await authorizationUrl(console))).status, 303);
    await consoleUrl(console);
    assert.equal(await console.stop(), 0);
    // ...and scripts run on the kept tokens, with no authorization of their own.
    const listed = await oneShot(['list', 'tools', '--url', fixture.mcpUrl, '--token-store', store]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(listed.stdout.trim().split('\n').length > 0);
    assert.equal(fixture.as.authorizations.length, 1);
    for (const token of fixture.as.accessTokens.keys())
      assert.ok(!listed.stdout.includes(token) && !listed.stderr.includes(token));
  });
});
