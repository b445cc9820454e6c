// The web-test-runner mutation runner (test/mutation/wtr-runner.mjs), driven the way Stryker drives it, over a
// small module instrumented by Stryker's own instrumenter and two mocha test files in real Chromium: the dry run
// must say which file reaches which mutant (and leave module-level code static), and a mutant run must come out
// Killed (naming the failing test), Survived, or Timeout (a hit limit, or a page stuck in an endless loop).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import type { Logger } from '@stryker-mutator/api/logging';
import { DryRunStatus, MutantRunStatus, TestStatus, type CompleteDryRunResult } from '@stryker-mutator/api/test-runner';

const root = new URL('../../../', import.meta.url);
// Plain JavaScript that tsc does not copy to dist: load it from the source tree.
const { WebTestRunner } = (await import(
  new URL('test/mutation/wtr-runner.mjs', root).href
)) as typeof import('./wtr-runner.mjs');
const { chromiumPath, CHROMIUM_ARGS } = (await import(
  new URL('test/chromium.mjs', root).href
)) as typeof import('../chromium.mjs');

const quiet = { isDebugEnabled: () => false, isTraceEnabled: () => false, debug() {}, trace() {}, info() {} };
const logger = { ...quiet, warn: console.warn, error: console.error, fatal: console.error } as unknown as Logger;

// `label` is module-level (static); `note` is a value no test can see; `countTo` loops as long as `i < n`.
const SOURCE = `export const label = 'sum';
export function add(a, b) {
  const note = 'unseen';
  return a + b;
}
export function countTo(n) {
  let i = 0;
  while (i < n) i++;
  return i;
}
`;

const ADD_TEST = `import { add } from './add.js';
describe('add', () => {
  it('adds two numbers', () => {
    if (add(1, 2) !== 3) throw new Error('1 + 2 came out as ' + add(1, 2));
  });
});
`;

const LOOP_TEST = `import { countTo } from './add.js';
describe('countTo', () => {
  it('counts to three', () => {
    if (countTo(3) !== 3) throw new Error('countTo(3) came out as ' + countTo(3));
  });
});
`;

describe('the web-test-runner mutation runner', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtr-runner-'));
  const startDir = process.cwd();
  // Mutant ids by "line (from 0) mutator replacement", e.g. "3 ArithmeticOperator a - b".
  const mutantId = new Map<string, string>();
  let runner: InstanceType<typeof WebTestRunner>;

  before(async () => {
    const { files, mutants } = await new Instrumenter(logger).instrument(
      [{ name: join(dir, 'add.js'), content: SOURCE, mutate: true }],
      { plugins: null, excludedMutations: [], ignorers: [], noHeader: false },
    );
    for (const mutant of mutants)
      mutantId.set(`${mutant.location.start.line} ${mutant.mutatorName} ${mutant.replacement}`, mutant.id);
    writeFileSync(join(dir, 'add.js'), files[0]!.content);
    writeFileSync(join(dir, 'add.test.js'), ADD_TEST);
    writeFileSync(join(dir, 'loop.test.js'), LOOP_TEST);
    // The fixture sits outside the project, so its config names the launcher by path.
    const launcher = pathToFileURL(createRequire(import.meta.url).resolve('@web/test-runner-chrome')).href;
    writeFileSync(
      join(dir, 'wtr.config.mjs'),
      `import { chromeLauncher } from ${JSON.stringify(launcher)};
export default {
  rootDir: ${JSON.stringify(dir)},
  files: ['*.test.js'],
  concurrency: 1,
  browsers: [chromeLauncher({ launchOptions: { executablePath: ${JSON.stringify(chromiumPath())}, headless: true, args: ${JSON.stringify(CHROMIUM_ARGS)} } })],
};
`,
    );
    // Stryker runs the runner with the sandbox as its working directory; test ids are paths relative to it.
    process.chdir(dir);
    runner = new WebTestRunner(logger, { wtr: { configFile: 'wtr.config.mjs' } });
  });

  after(async () => {
    await runner?.dispose();
    process.chdir(startDir);
    rmSync(dir, { recursive: true, force: true });
  });

  function idOf(name: string) {
    const id = mutantId.get(name);
    assert.ok(id, `no mutant "${name}" among ${[...mutantId.keys()].join(', ')}`);
    return id;
  }

  function runOptions(name: string, testFilter: string[], extra: object = {}) {
    return {
      activeMutant: {
        id: idOf(name),
        fileName: join(dir, 'add.js'),
        mutatorName: name,
        replacement: '',
        location: {},
      } as never,
      testFilter,
      timeout: 20_000,
      disableBail: false,
      sandboxFileName: join(dir, 'add.js'),
      mutantActivation: 'runtime' as const,
      reloadEnvironment: false,
      ...extra,
    };
  }

  it('should report each test file as a test, with the mutants it reaches and module-level code as static', async () => {
    const result = await runner.dryRun({ coverageAnalysis: 'perTest', timeout: 30_000, disableBail: false });
    assert.equal(result.status, DryRunStatus.Complete, JSON.stringify(result));
    const { tests, mutantCoverage } = result as CompleteDryRunResult;
    assert.deepEqual(
      tests.map(({ id, status }) => [id, status]),
      [
        ['add.test.js', TestStatus.Success],
        ['loop.test.js', TestStatus.Success],
      ],
    );
    const reached = (file: string) => Object.keys(mutantCoverage!.perTest[file] ?? {});
    assert.ok(reached('add.test.js').includes(idOf('3 ArithmeticOperator a - b')));
    assert.ok(!reached('add.test.js').includes(idOf('7 UpdateOperator i--')));
    assert.ok(reached('loop.test.js').includes(idOf('7 UpdateOperator i--')));
    assert.ok(!reached('loop.test.js').includes(idOf('3 ArithmeticOperator a - b')));
    assert.deepEqual(Object.keys(mutantCoverage!.static), [idOf('0 StringLiteral ""')]);
  });

  it('should report a mutant a test catches as killed, by that file, with the failing test and its message', async () => {
    const result = await runner.mutantRun(runOptions('3 ArithmeticOperator a - b', ['add.test.js']));
    assert.deepEqual(result, {
      status: MutantRunStatus.Killed,
      killedBy: ['add.test.js'],
      failureMessage: 'add.test.js > add > adds two numbers: 1 + 2 came out as -1',
      nrOfTests: 1,
    });
  });

  it('should report a mutant no test can see as survived', async () => {
    const result = await runner.mutantRun(runOptions('2 StringLiteral ""', ['add.test.js']));
    assert.deepEqual(result, { status: MutantRunStatus.Survived, nrOfTests: 1 });
  });

  it('should report a mutant past its hit limit as a timeout', async () => {
    const result = await runner.mutantRun(runOptions('7 UpdateOperator i--', ['loop.test.js'], { hitLimit: 1000 }));
    assert.equal(result.status, MutantRunStatus.Timeout, JSON.stringify(result));
  });

  it('should report a page stuck in an endless loop as a timeout, and run the next mutant in a fresh browser', async () => {
    const stuck = await runner.mutantRun(runOptions('7 UpdateOperator i--', ['loop.test.js'], { timeout: 3_000 }));
    assert.equal(stuck.status, MutantRunStatus.Timeout, JSON.stringify(stuck));
    const next = await runner.mutantRun(runOptions('3 ArithmeticOperator a - b', ['add.test.js', 'loop.test.js']));
    assert.equal(next.status, MutantRunStatus.Killed, JSON.stringify(next));
  });
});
