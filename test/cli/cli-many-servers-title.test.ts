// The switcher page of a config file's many servers is titled "MCP servers" unless --title names it, as a single
// server's console is titled after its server unless --title names it (cli-mcp-server.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { serveCli } from './run-cli.js';

/** A config of two servers that never start: the switcher page starts none of them. */
function configFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'tool-console-title-')), 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { a: { command: 'node' }, b: { command: 'node' } } }));
  return file;
}

async function switcherTitle(args: string[]): Promise<string | undefined> {
  const cli = await serveCli(args);
  try {
    const html = await (await fetch(cli.url)).text();
    return /<title>([^<]*)<\/title>/.exec(html)?.[1];
  } finally {
    await cli.stop();
  }
}

describe('the switcher page title', { concurrency: true, timeout: 20_000 }, () => {
  it('is "MCP servers" by default', async () => {
    assert.equal(await switcherTitle(['--config', configFile()]), 'MCP servers');
  });

  it('is what --title says', async () => {
    assert.equal(await switcherTitle(['--config', configFile(), '--title', 'Team servers']), 'Team servers');
  });
});
