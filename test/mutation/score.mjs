// Adds up the JSON reports of one or more Stryker runs (a whole run, or runs over parts of the code made one after
// another on a small machine) into one mutation score, as Stryker counts it: killed and timed-out mutants over all
// mutants a test could have caught (survived and uncovered included; ignored ones and compile errors left out).
//   node test/mutation/score.mjs reports/mutation/report.json [more reports...]
//   node test/mutation/score.mjs --markdown reports/mutation/chunks/*.json > docs/mutation-summary.md
// Prints the score per file, per folder and in all. With --markdown it prints the summary docs/mutation-summary.md
// keeps: the score per folder, and every mutant left out as equivalent (`// Stryker disable` in the code) with the
// reason written there, so anyone can check each judgement against the line it names.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';

const INSTRUMENT_OPTIONS = { plugins: null, excludedMutations: [], ignorers: [], noHeader: false };
const quiet = () => false;
const quietLogger = new Proxy({}, { get: (_, name) => (String(name).startsWith('is') ? quiet : () => undefined) });

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
// Oldest first: a file measured again (after its tests grew) is counted as its newest report has it.
const reports = args.filter((arg) => arg !== '--markdown').sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
const files = new Map();
for (const report of reports) {
  for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) {
    files.set(file, mutants);
  }
}

/** Detected and undetected mutants, counted into `tally` (created when missing) under `key`. */
function count(tally, key, mutants) {
  const row = tally.get(key) ?? { detected: 0, undetected: 0, timedOut: 0 };
  row.detected += mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
  row.timedOut += mutants.filter((mutant) => mutant.status === 'Timeout').length;
  row.undetected += mutants.filter((mutant) => UNDETECTED.has(mutant.status)).length;
  tally.set(key, row);
}

const percent = ({ detected, undetected }) => ((100 * detected) / (detected + undetected)).toFixed(1);

const byFile = new Map();
const byFolder = new Map();
const total = new Map();
const equivalents = [];
for (const [file, mutants] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
  count(byFile, file, mutants);
  count(byFolder, dirname(file), mutants);
  count(total, 'all', mutants);
  for (const mutant of mutants.filter(({ status }) => status === 'Ignored')) {
    // Static mutants (code that runs as a module loads) are left out by the configuration, not judged equivalent.
    if (mutant.statusReason?.startsWith('Static mutant')) continue;
    const { location, mutatorName, replacement, statusReason } = mutant;
    equivalents.push({ file, line: location.start.line, mutator: mutatorName, replacement, why: statusReason });
  }
}
const all = total.get('all') ?? { detected: 0, undetected: 0, timedOut: 0 };

/**
 * The TypeScript files of `folder` (as it is on disk now) that have mutants but are in no report: until they are
 * measured, the folder's score is of part of it only. (A report leaves out the files it found no mutant in, such as
 * types-only modules; Stryker's instrumenter tells those apart.)
 */
async function unmeasured(folder) {
  const names = readdirSync(folder).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !files.has(join(folder, name)),
  );
  const missing = [];
  for (const name of names) {
    const file = { name: join(folder, name), content: readFileSync(join(folder, name), 'utf8'), mutate: true };
    const { mutants } = await new Instrumenter(quietLogger).instrument([file], INSTRUMENT_OPTIONS);
    if (mutants.length) missing.push(name);
  }
  return missing;
}
const measured = ([, row]) => row.detected + row.undetected > 0;

if (markdown) {
  console.log(
    '| folder | mutants | detected | of them timed out | score | files not in these runs |\n|---|---|---|---|---|---|',
  );
  for (const [folder, row] of [...byFolder].filter(measured)) {
    const missing = (await unmeasured(folder)).join(', ') || 'none';
    const cells = [row.detected + row.undetected, row.detected, row.timedOut, `${percent(row)}%`, missing];
    console.log(`| \`${folder}/\` | ${cells.join(' | ')} |`);
  }
  const cells = [all.detected + all.undetected, all.detected, all.timedOut, `${percent(all)}%`, ''];
  console.log(`| all of the above | ${cells.join(' | ')} |`);
  console.log('\nLeft out as equivalent (no test can tell them from the original), with the reason in the code:\n');
  for (const { file, line, mutator, replacement, why } of equivalents) {
    console.log(`- \`${file}:${line}\` ${mutator} \`${replacement}\`: ${why}`);
  }
} else {
  for (const [file, row] of [...byFile].filter(measured)) {
    console.log(`${percent(row).padStart(6)}%  ${row.detected}/${row.detected + row.undetected}  ${file}`);
  }
  console.log('');
  for (const [folder, row] of [...byFolder].filter(measured)) {
    console.log(`${percent(row).padStart(6)}%  ${row.detected}/${row.detected + row.undetected}  ${folder}/`);
  }
  console.log(
    `\n${percent(all)}% of ${all.detected + all.undetected} mutants (${all.detected} detected, ${all.undetected} not), ` +
      `${files.size} files, ${equivalents.length} left out as equivalent`,
  );
}
