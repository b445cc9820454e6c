// A mutation run over part of the code, for a machine too small to run it all at once: the project's Stryker
// configuration with `mutate` from MUTATE (a JSON array of globs) and the reports named after CHUNK, in
// reports/mutation/chunks/. `node test/mutation/score.mjs reports/mutation/chunks/*.json` adds the parts up.
//   CHUNK=schema MUTATE='["elements/schema/*.ts"]' npx stryker run test/mutation/chunk.config.mjs
// TESTS (optional, a JSON array of globs of compiled tests) narrows the test files to those that can reach the chunk,
// which shortens the dry run; a mutant none of them reach counts against the score, so narrowing never flatters it.
//   CHUNK=mcp MUTATE='["server/mcp/**/*.ts"]' TESTS='["dist/test/mcp/*.test.js"]' npx stryker run ...
// CHILD_MUTANTS=server lets the CLI tests count for every server module the CLI's child process runs, not only the
// CLI's own (see child-coverage.cjs): for code whose real tests are the CLI's, such as the bridge's OAuth login.
import base from '../../stryker.config.mjs';

const chunk = process.env.CHUNK;
const mutate = JSON.parse(process.env.MUTATE ?? 'null');
const tests = JSON.parse(process.env.TESTS ?? 'null');
if (!chunk || !Array.isArray(mutate)) throw new Error('Set CHUNK (a name) and MUTATE (a JSON array of globs).');

export default {
  ...base,
  mutate,
  tap: tests ? { ...base.tap, testFiles: tests } : base.tap,
  incrementalFile: `reports/mutation/chunks/${chunk}.incremental.json`,
  jsonReporter: { fileName: `reports/mutation/chunks/${chunk}.json` },
  htmlReporter: { fileName: `reports/mutation/chunks/${chunk}.html` },
  reporters: ['progress', 'json', 'html'],
};
