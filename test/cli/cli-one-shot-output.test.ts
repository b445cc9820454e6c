// What the built CLI writes for a one-shot command whose answer is empty, with no time limit (--timeout 0): nothing
// on stdout (not even a line break a script would read as an empty entry), one line on stderr, exit 0.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { oneShot } from './one-shot-cli.js';

describe('tool-console list with an empty answer', () => {
  it('prints nothing on stdout and says why on stderr, with --timeout 0 as no limit', async () => {
    const run = await oneShot([
      'list',
      'prompts',
      '--timeout',
      '0',
      '--stdio',
      `"${process.execPath}" "${fixtureStdioServer}"`,
    ]);
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, '', 'tool-console: the server offers no prompts\n']);
  });
});
