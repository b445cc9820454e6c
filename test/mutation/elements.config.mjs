// Mutation run over the Lit elements, tested by test/elements/*.test.ts in Chromium through web-test-runner
// (the runner is test/mutation/wtr-runner.mjs; each test file counts as one test). One element folder at a time:
//   CHUNK=tool-form MUTATE='["elements/tool-form/*.ts"]' npx stryker run test/mutation/elements.config.mjs --concurrency 1
// Without MUTATE it takes all of elements/ except the pure modules, which the node run (stryker.config.mjs) measures
// with their own tests; CHUNK defaults to "elements". Reports go to reports/mutation/chunks/<CHUNK>.json, which
// `node test/mutation/score.mjs` adds up with the others. TESTS (a JSON array of globs of test/elements files)
// narrows the test files, as in chunk.config.mjs: a mutant none of them reach counts against the score.
// No build is needed first: web-test-runner compiles the mutated TypeScript in the sandbox as it serves it.
import project, { pureElementModules } from '../../stryker.config.mjs';

// The node run's TAP settings do not apply here.
const { tap, ...base } = project;

const chunk = process.env.CHUNK ?? 'elements';
const mutate = JSON.parse(process.env.MUTATE ?? 'null') ?? [
  'elements/**/*.ts',
  ...pureElementModules.map((glob) => `!${glob}`),
];
const tests = JSON.parse(process.env.TESTS ?? 'null');
if (!Array.isArray(mutate)) throw new Error('MUTATE must be a JSON array of globs.');

export default {
  ...base,
  plugins: ['@stryker-mutator/*', './test/mutation/wtr-runner.mjs'],
  testRunner: 'wtr',
  wtr: { configFile: 'test/web-test-runner.config.mjs', ...(tests ? { files: tests } : {}) },
  mutate,
  // The element tests need the sources, test/ and node_modules (linked by the build step); nothing from dist/.
  ignorePatterns: ['/dist', '/reports', '/bench/results', '/test-results', '/.ci'],
  buildCommand: 'node test/mutation/build-sandbox.mjs --link-only',
  disableTypeChecks: '{protocol,elements,test}/**/*.ts',
  // One Chromium per test runner; with more than one runner each starts its own.
  concurrency: 1,
  incrementalFile: `reports/mutation/chunks/${chunk}.incremental.json`,
  jsonReporter: { fileName: `reports/mutation/chunks/${chunk}.json` },
  htmlReporter: { fileName: `reports/mutation/chunks/${chunk}.html` },
  reporters: ['progress', 'json', 'html'],
};
