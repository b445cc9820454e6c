// The exit codes a script relies on: one meaning each, the code of whatever a command threw, and the help that
// documents them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommandFailure, EXIT, exitCodeOf } from '../../server/cli/commands/exit-codes.js';
import { ONE_SHOT_COMMANDS } from '../../server/cli/commands/one-shot-args.js';
import { exitCodesHelp, oneShotUsage } from '../../server/cli/commands/one-shot-usage.js';
import { UsageError } from '../../server/cli/usage-error.js';

describe('exit codes of the one-shot commands', () => {
  it('gives each kind of outcome its own code', () => {
    assert.deepEqual(EXIT, { ok: 0, toolError: 1, usage: 2, connect: 3, timeout: 4, expectation: 5 });
  });

  it('is 2 for a usage error, the failure’s own code for a CommandFailure, and 1 for anything else', () => {
    assert.equal(exitCodeOf(new UsageError('bad flag')), EXIT.usage);
    assert.equal(exitCodeOf(new CommandFailure('no server', EXIT.connect)), EXIT.connect);
    assert.equal(exitCodeOf(new CommandFailure('late', EXIT.timeout)), EXIT.timeout);
    assert.equal(exitCodeOf(new Error('boom')), EXIT.toolError);
    assert.equal(exitCodeOf('thrown text'), EXIT.toolError);
  });

  it('makes a CommandFailure an Error that says its message and its code', () => {
    const failure = new CommandFailure('timed out after 5 ms', EXIT.timeout);
    assert.ok(failure instanceof Error);
    assert.equal(failure.message, 'timed out after 5 ms');
    assert.equal(failure.name, 'CommandFailure');
    assert.equal(failure.exitCode, 4);
    assert.match(String(failure), /^CommandFailure: timed out after 5 ms$/);
  });

  it('documents every code in the help, in order, each on a line of its own', () => {
    const codes = [...exitCodesHelp.matchAll(/^ {2}(\d) {2}\S/gm)].map((match) => Number(match[1]));
    assert.deepEqual(codes, Object.values(EXIT));
    assert.match(exitCodesHelp, /^Exit codes:\n/);
    assert.ok(oneShotUsage.includes(`\n\n${exitCodesHelp}\n\n`), 'the usage ends with the exit codes');
  });

  it('names every command and every flag in the usage', () => {
    for (const command of ONE_SHOT_COMMANDS) assert.match(oneShotUsage, new RegExp(`^ {2}${command} `, 'm'));
    for (const flag of ['stdio', 'url', 'header', 'config', 'server', 'token-store', 'client-id']) {
      assert.match(oneShotUsage, new RegExp(`^ {2}--${flag} `, 'm'));
    }
    for (const flag of ['arg', 'args', 'expect', 'answer', 'json', 'timeout', 'connect-timeout', 'parallel', 'junit']) {
      assert.match(oneShotUsage, new RegExp(`^ {2}--${flag} `, 'm'));
    }
    assert.match(oneShotUsage, /^ {2}--client-id <id>, --client-secret <s>$/m);
    assert.match(oneShotUsage, /^Usage: tool-console <command>/);
  });
});
