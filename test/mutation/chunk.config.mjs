// A mutation run over part of the code, for a machine too small to run it all at once: the project's Stryker
// configuration with `mutate` from MUTATE (a JSON array of globs) and the reports named after CHUNK, in
// reports/mutation/chunks/. `node test/mutation/score.mjs reports/mutation/chunks/*.json` adds the parts up.
//   CHUNK=lib MUTATE='["elements/lib/**/*.ts"]' npx stryker run test/mutation/chunk.config.mjs
import base from '../../stryker.config.mjs';

const chunk = process.env.CHUNK;
const mutate = JSON.parse(process.env.MUTATE ?? 'null');
if (!chunk || !Array.isArray(mutate)) throw new Error('Set CHUNK (a name) and MUTATE (a JSON array of globs).');

export default {
  ...base,
  mutate,
  incrementalFile: `reports/mutation/chunks/${chunk}.incremental.json`,
  jsonReporter: { fileName: `reports/mutation/chunks/${chunk}.json` },
  htmlReporter: { fileName: `reports/mutation/chunks/${chunk}.html` },
  reporters: ['progress', 'json', 'html'],
};
