// A StrykerJS test runner for the element tests: it runs test/elements/*.test.ts in Chromium through web-test-runner,
// which compiles the sandbox's mutated TypeScript with esbuild as it serves it. Each test FILE is one "test" for
// Stryker: the dry run records which mutants each file reaches, and a mutant then runs only those files.
//
// One web-test-runner (its dev server and one Chromium) stays up for the whole run: every mutant is served the same
// compiled code (mutant switching), so between mutants only the test pages change. The page learns the active
// mutant before any of its scripts run (see page-hooks.mjs), and its coverage is read from the page when the test
// file has finished, before web-test-runner leaves the page.
//
// This leans on web-test-runner 0.20's core (TestRunner, its session manager and the Chrome launcher's fields), which
// it does not document as a programmatic API: the version is pinned in package.json, and a change there shows up as
// a failed dry run, not as wrong numbers.
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonTokens, declareClassPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';
import { instrumentLauncher, PAGE_TEST_ID } from './wtr-page-hooks.mjs';

/** What Stryker's instrumented code throws once a mutant has run more often than the hit limit allows. */
const HIT_LIMIT_ERROR = 'Stryker: Hit count limit reached';

const require = createRequire(import.meta.url);
const core = require('@web/test-runner-core');
// Not exported by the package (its "exports" has only "."): the same defaults and plugins as the `wtr` command.
const { parseConfig } = require(join(dirname(require.resolve('@web/test-runner')), 'config/parseConfig.js'));
const { FINISHED, INITIALIZING, SCHEDULED } = core.SESSION_STATUS;

export class WebTestRunner {
  static inject = tokens(commonTokens.logger, commonTokens.options);

  /** @param {import('@stryker-mutator/api/logging').Logger} logger */
  constructor(logger, options) {
    this.logger = logger;
    this.options = { configFile: 'test/web-test-runner.config.mjs', ...options.wtr };
    this.runner = undefined;
    // Read by the pages as they open: the mutant to switch on and the hit limit (an endless loop's guard).
    this.pageState = { activeMutant: undefined, hitLimit: undefined, bail: false };
    this.restarts = 0;
  }

  capabilities() {
    // Every test file gets a fresh page, so module-level code runs again with the mutant active.
    return { reloadEnvironment: true };
  }

  async dryRun(options) {
    this.pageState = { activeMutant: undefined, hitLimit: undefined, bail: false };
    const runner = await this.start();
    const files = options.testFiles?.length ? options.testFiles.map((file) => resolve(file)) : runner.testFiles;
    const run = await this.runFiles(files, options.timeout);
    if (run.timedOut) return { status: DryRunStatus.Timeout, reason: run.reason };
    const tests = run.results.map(({ file, failures, ms }) =>
      failures.length
        ? { ...this.testOf(file, ms), status: TestStatus.Failed, failureMessage: failures[0] }
        : { ...this.testOf(file, ms), status: TestStatus.Success },
    );
    if (options.coverageAnalysis === 'off') return { status: DryRunStatus.Complete, tests };
    const mutantCoverage = { static: {}, perTest: {} };
    for (const { file, coverage } of run.results) {
      if (!coverage) {
        return { status: DryRunStatus.Error, errorMessage: `No mutant coverage came back from ${this.idOf(file)}.` };
      }
      addHits(mutantCoverage.static, coverage.static);
      const reached = coverage.perTest[PAGE_TEST_ID] ?? {};
      if (options.coverageAnalysis === 'all') addHits(mutantCoverage.static, reached);
      else mutantCoverage.perTest[this.idOf(file)] = reached;
    }
    return { status: DryRunStatus.Complete, tests, mutantCoverage };
  }

  async mutantRun(options) {
    this.pageState = { activeMutant: options.activeMutant.id, hitLimit: options.hitLimit, bail: !options.disableBail };
    const runner = await this.start();
    const files = options.testFilter ? options.testFilter.map((id) => resolve(id)) : runner.testFiles;
    const run = await this.runFiles(files, options.timeout);
    if (run.timedOut) return { status: MutantRunStatus.Timeout, reason: run.reason };
    // The page's hit count can come in after the run ends on a busy machine; the error Stryker's loop guard throws
    // in the page says the same, so either tells an endless loop from a test that caught the mutant.
    const hitLimited = run.results.find(
      ({ hitCount, failures }) =>
        (options.hitLimit !== undefined && hitCount > options.hitLimit) ||
        failures.some((failure) => failure.includes(HIT_LIMIT_ERROR)),
    );
    if (hitLimited) {
      return { status: MutantRunStatus.Timeout, reason: `Hit limit reached in ${this.idOf(hitLimited.file)}.` };
    }
    const failed = run.results.filter(({ failures }) => failures.length);
    if (failed.length) {
      return {
        status: MutantRunStatus.Killed,
        killedBy: failed.map(({ file }) => this.idOf(file)),
        failureMessage: failed[0].failures[0],
        nrOfTests: run.results.length,
      };
    }
    return { status: MutantRunStatus.Survived, nrOfTests: run.results.length };
  }

  async dispose() {
    await this.stop();
  }

  /** The id of a test file for Stryker: its path in the sandbox, as in the project. */
  idOf(file) {
    return relative(process.cwd(), file);
  }

  testOf(file, ms) {
    return { id: this.idOf(file), name: this.idOf(file), fileName: this.idOf(file), timeSpentMs: ms };
  }

  /** Starts web-test-runner and Chromium once; again only after a run timed out (its page may be stuck in a loop). */
  async start() {
    if (this.runner) return this.runner;
    // The config module picks a free port as it loads: a fresh import after a restart gets a fresh one.
    const configUrl = `${pathToFileURL(resolve(this.options.configFile)).href}?run=${this.restarts++}`;
    const { default: fileConfig } = await import(configUrl);
    const files = this.options.files ?? fileConfig.files;
    const { config, groupConfigs } = await parseConfig(
      {
        ...fileConfig,
        files,
        watch: false,
        // Stryker's own time limit stops a run; web-test-runner's would only end the session with a vaguer message.
        testsFinishTimeout: 30 * 60_000,
      },
      {},
    );
    if (config.browsers.length !== 1) throw new Error('The mutation runner drives exactly one browser.');
    this.launcher = instrumentLauncher(config.browsers[0], () => this.pageState);
    const runner = new core.TestRunner(config, groupConfigs);
    // Nothing runs at start: every session is marked finished, and start() asks to run them all, which we turn down.
    for (const session of runner.sessions.all()) runner.sessions.update({ ...session, status: FINISHED });
    const runTests = runner.runTests;
    runner.runTests = async () => {};
    await runner.start();
    runner.runTests = runTests;
    if (runner.stopped) throw new Error('web-test-runner did not start (see the errors above).');
    this.runner = runner;
    return runner;
  }

  async stop() {
    const runner = this.runner;
    this.runner = undefined;
    if (!runner) return;
    await this.launcher.stopBrowser();
    await runner.stop();
  }

  /**
   * Runs the given test files, one page each, and gathers per file: the failing tests' names and messages, the
   * mutant coverage and hit count read from the page, and how long it took. Ends early after the first failing file
   * when bailing, and restarts everything if `timeout` passes first.
   */
  async runFiles(files, timeout) {
    const runner = this.runner;
    const sessions = [...runner.sessions.forTestFile(...files)];
    const unknown = files.filter((file) => !sessions.some((session) => session.testFile === file));
    if (unknown.length) throw new Error(`Not among web-test-runner's test files: ${unknown.join(', ')}`);
    const ids = new Set(sessions.map((session) => session.id));
    const started = new Map();
    const durations = new Map();
    this.launcher.pageResults.clear();
    let timer;
    const onStatus = (session) => {
      if (!ids.has(session.id)) return;
      if (session.status === INITIALIZING) started.set(session.id, Date.now());
      if (session.status !== FINISHED) return;
      durations.set(session.id, Date.now() - (started.get(session.id) ?? Date.now()));
      // Bailing: the files still waiting are marked done without running, which ends the run.
      if (this.pageState.bail && !session.passed) {
        for (const waiting of runner.sessions.forStatus(SCHEDULED)) {
          if (ids.has(waiting.id)) runner.sessions.updateStatus({ ...waiting, passed: undefined }, FINISHED);
        }
      }
    };
    const finished = new Promise((resolveRun) => {
      const onFinished = () => {
        runner.off('test-run-finished', onFinished);
        resolveRun({ timedOut: false });
      };
      runner.on('test-run-finished', onFinished);
    });
    const timedOut = new Promise((resolveRun) => {
      timer = setTimeout(() => resolveRun({ timedOut: true, reason: `Not done after ${timeout} ms.` }), timeout);
    });
    runner.sessions.on('session-status-updated', onStatus);
    runner.runTests(sessions);
    const outcome = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    runner.sessions.off('session-status-updated', onStatus);
    if (outcome.timedOut) {
      this.logger.debug(`Run timed out; restarting web-test-runner and Chromium.`);
      await this.stop();
      return outcome;
    }
    const results = [];
    for (const { id } of sessions) {
      const session = runner.sessions.get(id);
      // A session skipped by bailing has no result: it neither passed nor failed.
      if (session.passed === undefined) continue;
      const page = this.launcher.pageResults.get(id);
      results.push({
        file: session.testFile,
        failures: session.passed ? [] : failuresOf(session, this.idOf(session.testFile)),
        coverage: page?.coverage,
        hitCount: page?.hitCount ?? 0,
        ms: durations.get(id) ?? 0,
      });
    }
    return { timedOut: false, results };
  }
}

/** The failing tests of a session as "file > suite > test: message", or why the file itself failed. */
function failuresOf(session, id) {
  const failures = [];
  const walk = (suite, path) => {
    for (const test of suite.tests ?? []) {
      if (!test.passed && !test.skipped) {
        failures.push(`${[...path, test.name].join(' > ')}: ${test.error?.message ?? 'failed'}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.name]);
  };
  if (session.testResults) walk(session.testResults, [id]);
  for (const error of session.errors ?? []) failures.push(`${id}: ${error.message}`);
  return failures.length ? failures : [`${id}: failed without a reported error`];
}

function addHits(into, from) {
  for (const [mutant, hits] of Object.entries(from ?? {})) into[mutant] = (into[mutant] ?? 0) + hits;
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'wtr', WebTestRunner)];

export const strykerValidationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    wtr: {
      type: 'object',
      description: 'The web-test-runner mutation runner (test/mutation/wtr-runner.mjs).',
      properties: {
        configFile: { type: 'string', description: 'The web-test-runner config, relative to the project.' },
        files: { type: 'array', items: { type: 'string' }, description: 'Test file globs, instead of the config’s.' },
      },
      additionalProperties: false,
    },
  },
};
