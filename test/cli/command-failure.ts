// How the in-process command tests read a refusal: the CommandFailure a command ends with (its message and exit code).
import assert from 'node:assert/strict';
import { CommandFailure } from '../../server/cli/commands/exit-codes.js';

/** The CommandFailure `work` ends with; fails the test when it succeeds (`what` names it) or throws anything else. */
export async function failure(work: Promise<unknown>, what = 'the command'): Promise<CommandFailure> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof CommandFailure, `a CommandFailure, not ${String(error)}`);
    return error;
  }
  return assert.fail(`${what} succeeded`);
}
