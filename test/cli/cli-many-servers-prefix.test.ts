// A config file's many servers with a --prefix that is not a URL path: the same usage error, exit 2, as a single
// console gets (cli-messages.test.ts), not a stack trace or a generic failure.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from './run-cli.js';

describe('tool-console --config --prefix', { timeout: 20_000 }, () => {
  it('refuses a prefix that is not a URL path with exit 2 and the help hint', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tool-console-prefix-')), 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { a: { command: 'node' }, b: { command: 'node' } } }));
    assert.deepEqual(await runCli(['--config', file, '--port', '0', '--prefix', 'not a path']), {
      code: 2,
      stdout: '',
      stderr:
        'tool-console: --prefix must be a URL path such as "/explorer", got "not a path" (see tool-console --help)\n',
    });
  });
});
