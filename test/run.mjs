// Runs every check after `npm run build`: the formatting (Prettier), the Node-side tests (server, lib, CLI, bridge,
// runtimes, end to end) with node's test runner, then the element tests in Chromium with web-test-runner. Ends with
// one line CI can read.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiledTests = join(root, 'dist', 'test');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** Runs a command, echoing its output, and returns everything it printed. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function lastNumber(output, pattern) {
  const matches = [...output.matchAll(pattern)];
  return matches.length ? Number(matches.at(-1)[1]) : 0;
}

// Unformatted files fail the run like a failing test (`npx prettier --write .` formats them).
const formatting = await run(process.execPath, [
  join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
  '--check',
  '.',
]);
const formatted = formatting.code === 0;

// A test that hangs fails after two minutes instead of holding the run forever, and a file whose failed test left a
// child process or socket open still ends. Three files at a time: node's default on two cores is one, and most tests
// wait on MCP server processes, browsers and time limits rather than compute (the node suite took about 7 minutes one
// at a time, 4.5 three at a time).
const node = await run(process.execPath, [
  '--test',
  '--test-reporter=spec',
  '--test-timeout=120000',
  '--test-force-exit',
  '--test-concurrency=3',
  ...testFiles(compiledTests),
]);
const nodePassed = lastNumber(node.output, /^ℹ pass (\d+)$/gm);
const nodeFailed = lastNumber(node.output, /^ℹ fail (\d+)$/gm);

const browser = await run(process.execPath, [
  join(root, 'node_modules', '@web', 'test-runner', 'dist', 'bin.js'),
  '--config',
  'test/web-test-runner.config.mjs',
  '--static-logging',
]);
const browserPassed = lastNumber(browser.output, /(\d+) passed/g);
const browserFailed = lastNumber(browser.output, /(\d+) failed/g);

// A runner that crashed before counting still fails the run.
const crashed = (node.code !== 0 && nodeFailed === 0) || (browser.code !== 0 && browserFailed === 0);
const passed = nodePassed + browserPassed + (formatted ? 1 : 0);
const failed = nodeFailed + browserFailed + (crashed ? 1 : 0) + (formatted ? 0 : 1);
console.log(
  `\nformatting: ${formatted ? 'ok' : 'FAILED'}; node: ${nodePassed} passed, ${nodeFailed} failed; ` +
    `browser: ${browserPassed} passed, ${browserFailed} failed`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
