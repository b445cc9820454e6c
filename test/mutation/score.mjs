// Adds up the JSON reports of one or more Stryker runs (a whole run, or runs over parts of the code made one after
// another on a small machine) into one mutation score, as Stryker counts it: killed and timed-out mutants over all
// mutants a test could have caught (survived and uncovered included; ignored ones and compile errors left out).
//   node test/mutation/score.mjs reports/mutation/report.json [more reports...]
import { readFileSync, statSync } from 'node:fs';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const files = new Map();
// Oldest first: a file measured again (after its tests grew) is counted as its newest report has it.
const reports = process.argv.slice(2).sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
for (const report of reports) {
  for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) {
    files.set(file, mutants);
  }
}

let detected = 0;
let undetected = 0;
const rows = [];
for (const [file, mutants] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
  const caught = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
  const missed = mutants.filter((mutant) => UNDETECTED.has(mutant.status)).length;
  detected += caught;
  undetected += missed;
  if (caught + missed)
    rows.push(`${((100 * caught) / (caught + missed)).toFixed(1).padStart(6)}%  ${caught}/${caught + missed}  ${file}`);
}
console.log(rows.join('\n'));
console.log(
  `\n${((100 * detected) / (detected + undetected)).toFixed(2)}% of ${detected + undetected} mutants (${detected} detected, ${undetected} not), ${files.size} files`,
);
