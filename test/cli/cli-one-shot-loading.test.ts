// A one-shot command loads what its job needs and no more: every module is time before the server even starts (the
// console's own handler and listeners, and the argument validator, ajv, were about 130 ms of a `list`'s 600 here).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { everythingStdio, oneShot } from './one-shot-cli.js';

const register = fileURLToPath(new URL('../fixtures/module-log.js', import.meta.url));
const dist = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the command with every module it loads logged: the run, and the modules as paths under dist/ or packages. */
async function loaded(args: string[]) {
  const log = join(mkdtempSync(join(tmpdir(), 'tool-console-modules-')), 'modules');
  const run = await oneShot(args, {
    env: { ...process.env, MODULE_LOG: log, NODE_OPTIONS: `--import ${JSON.stringify(register)}` },
  });
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((url) =>
      fileURLToPath(url)
        .replace(dist, '')
        .replace(/^.*\/node_modules\//, ''),
    );
  return { ...run, modules: [...new Set(modules)] };
}

describe('what a one-shot command loads', () => {
  it("list tools loads neither the console's server (handler, page, listeners, demo) nor ajv", async () => {
    const run = await loaded(['list', 'tools', ...everythingStdio]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^get-sum /m);
    const unneeded = run.modules.filter((path) =>
      /^(server\/(index|fetch)\.js|server\/core\/(console-core|page\/)|server\/node\/|server\/demo\/|server\/cli\/front-door|ajv\/)/.test(
        path,
      ),
    );
    assert.deepEqual(unneeded, []);
  });

  it('call loads the argument validator it checks the arguments with, and still not the console', async () => {
    const run = await loaded(['call', 'get-sum', '--arg', 'a=1', '--arg', 'b=2', ...everythingStdio]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'The sum of 1 and 2 is 3.\n');
    assert.ok(
      run.modules.some((path) => path.startsWith('ajv/')),
      'ajv was not loaded for a call',
    );
    assert.deepEqual(
      run.modules.filter((path) => /^server\/(index|fetch)\.js|^server\/core\/console-core/.test(path)),
      [],
    );
  });
});
