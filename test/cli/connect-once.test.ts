// How a one-shot command connects: OAuth only from what is already kept (client credentials, a token store with
// tokens), never a browser; every failure a CommandFailure with the exit code that says which kind it was.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, describe, it } from 'node:test';
import { connectOnce, stopStartedServers } from '../../server/cli/commands/connect-once.js';
import { CommandFailure, EXIT } from '../../server/cli/commands/exit-codes.js';
import type { CommonPlan } from '../../server/cli/commands/one-shot-args.js';
import { commonPlan } from './common-plan.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { toolsOf } from '../../server/cli/commands/tools-of.js';
import type { McpBridge, McpTarget } from '../../server/mcp/index.js';
import { startProtectedMcp, stopStarted } from '../fixtures/oauth/oauth-setup.js';

const folder = mkdtempSync(join(tmpdir(), 'tool-console-connect-once-'));
after(() => rmSync(folder, { recursive: true, force: true }));
afterEach(stopStarted);

const plan = (more: Partial<CommonPlan> = {}): CommonPlan => commonPlan({ connectTimeoutMs: 5_000, ...more });
const answers = new QuestionAnswers([], () => {});
const at = (url: string): McpTarget => ({ url: new URL(url), headers: {} });

async function failure(work: Promise<McpBridge>): Promise<CommandFailure> {
  try {
    await (await work).close();
  } catch (error) {
    assert.ok(error instanceof CommandFailure, `a CommandFailure, not ${String(error)}`);
    return error;
  }
  return assert.fail('connected');
}

const authorizeFirst = (url: string) =>
  `${url} needs you to authorize first: run tool-console --url ${url} --token-store <file> once and authorize in ` +
  'the browser, then pass the same --token-store here';

describe('connectOnce', () => {
  it('connects with client credentials, no browser involved', async () => {
    const fixture = await startProtectedMcp({ clients: [{ id: 'script', secret: 'the-secret' }] });
    const bridge = await connectOnce(
      at(fixture.mcpUrl),
      plan({ clientId: 'script', clientSecret: 'the-secret' }),
      answers,
    );
    try {
      assert.ok((await toolsOf(bridge)).length > 0);
      assert.equal(fixture.as.authorizations.length, 0);
    } finally {
      await bridge.close();
    }
  });

  it('says how to authorize (exit 3) when nothing kept covers the server, and leaves an empty store alone', async () => {
    const fixture = await startProtectedMcp({ clients: [{ id: 'script', secret: 'the-secret' }] });
    const store = join(folder, 'tokens.json');
    const refused = await failure(connectOnce(at(fixture.mcpUrl), plan({ tokenStore: store }), answers));
    assert.deepEqual([refused.message, refused.exitCode], [authorizeFirst(fixture.mcpUrl), EXIT.connect]);
    // The client a script would register (with a redirect nobody listens on) must not land in a person's store.
    assert.equal(existsSync(store), false);
    // A client id alone is no credential: it still needs a person to authorize.
    const idOnly = await failure(connectOnce(at(fixture.mcpUrl), plan({ clientId: 'script' }), answers));
    assert.deepEqual([idOnly.message, idOnly.exitCode], [authorizeFirst(fixture.mcpUrl), EXIT.connect]);
  });

  it('refuses a token store that is not one, with exit 2', async () => {
    const store = join(folder, 'broken.json');
    writeFileSync(store, 'not json');
    const refused = await failure(connectOnce(at('http://127.0.0.1:9/mcp'), plan({ tokenStore: store }), answers));
    assert.equal(refused.exitCode, EXIT.usage);
    assert.match(refused.message, /broken\.json/);
  });

  it('fails with exit 3 when the server cannot be reached or started', async () => {
    const unreachable = await failure(connectOnce(at('http://127.0.0.1:9/mcp'), plan(), answers));
    assert.equal(unreachable.exitCode, EXIT.connect);
    assert.match(unreachable.message, /127\.0\.0\.1:9/);
    const missing = join(folder, 'no-such-server');
    const unstarted = await failure(connectOnce({ stdio: { command: missing, args: [] } }, plan(), answers));
    assert.equal(unstarted.exitCode, EXIT.connect);
    assert.match(unstarted.message, /no-such-server/);
    stopStartedServers();
  });
});
