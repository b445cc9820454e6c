// `tool-console --help`: the console's flags, the scripted commands in brief, and their exit codes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ONE_SHOT_COMMANDS } from '../../server/cli/commands/one-shot-args.js';
import { exitCodesHelp } from '../../server/cli/commands/one-shot-usage.js';
import { usage } from '../../server/cli/usage.js';

describe('the console usage', () => {
  it('lists the flags, the scripted commands and the exit codes', () => {
    assert.match(usage, /^Usage: tool-console \[options\]\n/);
    for (const flag of ['config', 'stdio', 'url', 'header', 'allow-execute', 'port', 'timeout', 'root', 'log-level']) {
      assert.match(usage, new RegExp(`^ {2}--${flag}\\b`, 'm'));
    }
    assert.match(usage, /^ {2}-h, --help {2,}Show this help$/m);
    for (const command of ONE_SHOT_COMMANDS) assert.match(usage, new RegExp(`\\b${command} `));
    assert.ok(usage.includes(`\n\n${exitCodesHelp}\n\n`), 'the exit codes, as the scripted commands have them');
  });
});
