// A server that cannot be started or reached is told in the doctor's own sentence, passed on as it is (exit 3): it
// already names the server and says what to do, and a second "Could not connect" in front would only repeat it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { connectOnce } from '../../server/cli/commands/connect-once.js';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { failure } from './command-failure.js';
import { commonPlan } from './common-plan.js';

describe('connectOnce failures', () => {
  it("passes the doctor's sentence on unchanged, with exit 3", async () => {
    const missing = join(tmpdir(), 'no-such-mcp-server');
    const refused = await failure(
      connectOnce({ stdio: { command: missing, args: [] } }, commonPlan(), new QuestionAnswers([], () => {})),
      'connecting',
    );
    assert.equal(refused.exitCode, EXIT.connect);
    assert.equal(
      refused.message,
      `Could not connect to the MCP server (${missing}): the command "${missing}" was not found; install it, or give ` +
        'its full path (it is looked up on PATH)',
    );
  });
});
