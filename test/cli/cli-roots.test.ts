// The roots the CLI offers its MCP server: none unless --root names them. server-filesystem obeys roots over the
// folders on its own command line, so a default root (the CLI's working directory) let it work far outside the one
// folder it was started in front of.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { callTool, runCli, serveCli, type Serving } from './run-cli.js';

const filesystemServer = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
);

describe('tool-console --root', () => {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'roots-')));
  const clis: Serving[] = [];
  after(async () => {
    await Promise.all(clis.map((cli) => cli.stop()));
    rmSync(folder, { recursive: true, force: true });
  });

  async function start(args: string[]): Promise<Serving> {
    const cli = await serveCli([
      '--stdio',
      `${process.execPath} ${filesystemServer} ${folder}`,
      '--allow-execute',
      '--sandbox-port',
      '0',
      ...args,
    ]);
    clis.push(cli);
    return cli;
  }

  async function allowedDirectories(cli: Serving): Promise<string> {
    const { status, body } = await callTool(cli, 'list_allowed_directories');
    assert.equal(status, 200);
    return body.content[0].text;
  }

  it('offers no roots without it: the server keeps to the folder on its command line', async () => {
    const text = await allowedDirectories(await start([]));
    assert.match(text, new RegExp(`^${folder}$`, 'm'));
    assert.doesNotMatch(text, new RegExp(`^${process.cwd()}$`, 'm'));
  });

  it('offers the directories it names', async () => {
    const cli = await start(['--root', tmpdir()]);
    const offered = new RegExp(`^${realpathSync(tmpdir())}$`, 'm');
    // server-filesystem asks for the roots once initialized and takes them when the answer comes back, so on a busy
    // machine the first call can still find the folder on its command line: ask again for a few seconds.
    let text = await allowedDirectories(cli);
    for (const deadline = Date.now() + 5_000; !offered.test(text) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await allowedDirectories(cli);
    }
    assert.match(text, offered);
    assert.doesNotMatch(text, new RegExp(`^${folder}$`, 'm'));
  });

  it('says in --help that no roots are offered without it', async () => {
    const { stdout } = await runCli(['--help']);
    assert.match(stdout, /--root <dir> .*\n.*\(repeatable; none unless given/);
  });
});
