// When a one-shot command's server fails to start, the sentence that says why quotes what the server said, with the
// values of its secret-named environment variables blanked out: a script's log must not keep an API key.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { connectOnce } from '../../server/cli/commands/connect-once.js';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { lockingServer } from '../fixtures/mcp/paths.js';
import { failure } from './command-failure.js';
import { commonPlan } from './common-plan.js';

const folder = mkdtempSync(join(tmpdir(), 'tool-console-connect-secrets-'));
after(() => rmSync(folder, { recursive: true, force: true }));

describe('connectOnce and secrets', () => {
  it("blanks a secret-named variable's value out of the reason a server could not start", async () => {
    // A lock another process holds: the server refuses to start, quoting its API token as it does.
    const lock = join(folder, 'lock');
    writeFileSync(lock, '1');
    const token = 'sk-the-api-token-1234';
    const target = {
      stdio: {
        command: process.execPath,
        args: [lockingServer],
        env: { FIXTURE_LOCK: lock, FIXTURE_API_TOKEN: token },
      },
    };
    const refused = await failure(
      connectOnce(target, commonPlan({ connectTimeoutMs: 5_000 }), new QuestionAnswers([], () => {})),
      'connecting',
    );
    assert.equal(refused.exitCode, EXIT.connect);
    assert.match(refused.message, /is held by another process/);
    assert.ok(!refused.message.includes(token), refused.message);
  });
});
