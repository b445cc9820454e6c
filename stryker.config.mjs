// Mutation testing with StrykerJS (`npm run mutation`, not part of `npm test`). Stryker copies the project into a
// sandbox, plants every mutant in the TypeScript sources at once (one is switched on per run), compiles them with
// tsc, and runs the compiled node tests through the TAP runner, one process per test file. Coverage is recorded per
// test file, so each mutant runs only the files that execute it.
//
// Left out of the run, and why:
// - the Chromium tests (test/e2e, the browser half of test/security) and test/budget: a browser per run is too slow,
//   and they check the page and the elements, which the node tests and web-test-runner cover; test/runtimes, which
//   starts Bun, Deno and three frameworks per run. The element tests (test/elements, web-test-runner in Chromium) have
//   their own run over the elements: test/mutation/elements.config.mjs;
// - test/fuzz and test/load: seconds each and covering every server line, they would run for every surviving mutant.
const compiledTests = [
  'dist/test/{server,faults,mcp}/**/*.test.js',
  'dist/test/lib/*.test.js',
  'dist/test/protocol/*.test.js',
  'dist/test/cli/*.test.js',
  // The request guards, validation bounds and slow readers, checked over HTTP without a browser.
  'dist/test/security/{request-guards,validate-bounds,slow-readers}.test.js',
];

// The elements' pure modules (no DOM, tested by test/lib in node), each in the folder of the feature that uses it.
// The elements themselves are checked in Chromium, which this run does not start: test/mutation/elements.config.mjs
// measures them with the element tests, and leaves these modules to this run.
export const pureElementModules = [
  'elements/tool-segment.ts',
  'elements/schema/*.ts',
  'elements/content/{content-kind,csv-table,readable-json}.ts',
  'elements/display/{call-command,format,safe-url,shell-quote}.ts',
  'elements/markdown/markdown.ts',
  'elements/fields/{number-text,date-time-local,json-text}.ts',
  'elements/saved-calls/{check-expectations,collection-store,run-saved-call,save-draft}.ts',
  'elements/template-view/uri-template.ts',
  'elements/tool-console/history.ts',
  'elements/tool-list/{list-window,namespace,search}.ts',
  'elements/tool-form/missing-required.ts',
  'elements/tool-question/local-check.ts',
  'elements/tool-result/{curl,shown-result,json-twin}.ts',
];

export default {
  testRunner: 'tap',
  tap: {
    testFiles: compiledTests,
    // child-coverage.cjs lets the CLI tests, which run the CLI as a child process, count for the mutants of cli.ts.
    nodeArgs: ['--test-reporter=tap', '-r', './test/mutation/child-coverage.cjs', '-r', '{{hookFile}}', '{{testFile}}'],
  },
  mutate: ['protocol/**/*.ts', 'server/**/*.ts', '!server/demo/**', ...pureElementModules],
  // From dist/ only the built page, the CDN bundle (tests serve and check them) and the compiled tests go into the
  // sandbox: `npm run mutation` builds them first. The compiled tests are there for incremental mode, which reuses a result only while the test
  // files behind it are unchanged; the sandbox's build compiles everything again from the mutated sources.
  ignorePatterns: [
    '/dist/*',
    '!/dist/page',
    '!/dist/cdn',
    '!/dist/test',
    '/reports',
    '/bench/results',
    '/test-results',
  ],
  // Links node_modules into the sandbox and compiles with tsc (see the script); Stryker's own linking is off because
  // it skips a node_modules that is itself a symlink.
  symlinkNodeModules: false,
  // Mutated sources carry `// @ts-nocheck` so tsc compiles them; the built page and CDN bundle must stay byte for
  // byte as built (a test compares them with their compressed siblings), so only the TypeScript sources get it.
  disableTypeChecks: '{protocol,server,elements,test}/**/*.ts',
  buildCommand: 'node test/mutation/build-sandbox.mjs',
  coverageAnalysis: 'perTest',
  // Static mutants (in code that runs when a module loads: constants, default options) cannot be traced to the tests
  // that reach them, so each would run every test file, about 90 s apiece on two cores; they are left out of the
  // score rather than letting a few hundred of them turn a one-hour run into many.
  ignoreStatic: true,
  // Two cores, shared: one test process at a time per core, and room for a busy machine before a run counts as hung.
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/report.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
};
