// How the in-process `run` tests run a collection: written to a file of its own, run with the plan the parser would
// give (one call at a time, no report), and what came of it (the exit code, the lines with their times blanked out,
// what was said on stderr).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CollectionFile } from '../../protocol/index.js';
import type { OneShotPlan } from '../../server/cli/commands/one-shot-args.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { runCollection } from '../../server/cli/commands/run-collection.js';
import { commonPlan } from './common-plan.js';

export type RunPlan = Extract<OneShotPlan, { command: 'run' }>;

/** A folder for collection files and reports; `remove()` it when done. */
export function collectionFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'tool-console-collection-'));
  let files = 0;
  return {
    folder,
    /** Writes the collection to a new file of the folder and returns its path. */
    write(collection: CollectionFile): string {
      const file = join(folder, `calls-${++files}.json`);
      writeFileSync(file, JSON.stringify(collection));
      return file;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

export function runPlan(file: string, more: Partial<RunPlan> = {}): RunPlan {
  return { ...commonPlan(), command: 'run', file, parallel: 1, junit: undefined, ...more };
}

/** Runs the plan: its exit code, its stdout lines (times blanked out, each seen at `at` ms) and its stderr lines. */
export async function runCollected(plan: RunPlan) {
  const printed: { text: string; at: number }[] = [];
  const said: string[] = [];
  const code = await runCollection(plan, new QuestionAnswers([], () => {}), {
    out: (text) => printed.push({ text, at: performance.now() }),
    say: (line) => said.push(line),
  });
  return {
    code,
    lines: printed.map(({ text }) => text.replace(/\(\d+ ms\)/, '(n ms)').replace(/\([\d.]+ s\)$/, '(n s)')),
    times: printed.map(({ at }) => at),
    said,
  };
}
