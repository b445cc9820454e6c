// A one-shot command reaches a server behind OAuth on the tokens a console kept in --token-store: no client of its
// own, no authorization, the store left as it was.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, describe, it } from 'node:test';
import { connectOnce } from '../../server/cli/commands/connect-once.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { toolsOf } from '../../server/cli/commands/tools-of.js';
import { TokenStore } from '../../server/mcp/oauth/token-store.js';
import { startProtectedMcp, stopStarted } from '../fixtures/oauth/oauth-setup.js';
import { commonPlan } from './common-plan.js';

const folder = mkdtempSync(join(tmpdir(), 'tool-console-kept-tokens-'));
after(() => rmSync(folder, { recursive: true, force: true }));
afterEach(stopStarted);

describe('connectOnce with a token store', () => {
  it('connects on the tokens kept for the server, without registering or authorizing anything', async () => {
    const fixture = await startProtectedMcp({ clients: [{ id: 'console', secret: 'the-secret' }] });
    // The tokens a console would have kept: issued by the authorization server for this MCP server.
    const issued = await fetch(`${fixture.as.issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'console',
        client_secret: 'the-secret',
        resource: fixture.mcpUrl,
      }),
    });
    assert.equal(issued.status, 200);
    const store = join(folder, 'tokens.json');
    new TokenStore(fixture.mcpUrl, store).update({ tokens: await issued.json() });
    const kept = readFileSync(store, 'utf8');
    const bridge = await connectOnce(
      { url: new URL(fixture.mcpUrl), headers: {} },
      commonPlan({ tokenStore: store, connectTimeoutMs: 5_000 }),
      new QuestionAnswers([], () => {}),
    );
    try {
      assert.ok((await toolsOf(bridge)).length > 0);
    } finally {
      await bridge.close();
    }
    assert.deepEqual([fixture.as.authorizations.length, fixture.as.registrations.length], [0, 0]);
    assert.equal(readFileSync(store, 'utf8'), kept);
  });
});
