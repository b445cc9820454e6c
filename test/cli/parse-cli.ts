// What the flags tests share: the CLI's parser run where no config file is found, and the one line it refuses with.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCli, UsageError, type CliPlan } from '../../server/cli/args.js';
import type { Surroundings } from '../../server/cli/config/servers-from-flags.js';

export type ServePlan = Extract<CliPlan, { kind: 'serve' }>;

/** An empty folder as the working directory and the home: no config file in the usual places. */
export function nowhere(env: NodeJS.ProcessEnv = process.env): Surroundings {
  const folder = mkdtempSync(join(tmpdir(), 'tool-console-nowhere-'));
  return { cwd: folder, home: folder, platform: 'linux', env };
}

export function serve(args: string[], where: Surroundings = nowhere()): ServePlan {
  const plan = parseCli(args, where);
  assert.equal(plan.kind, 'serve');
  return plan as ServePlan;
}

/** The message `args` are refused with; fails the test when they are accepted or refused otherwise. */
export function usageError(args: string[], where: Surroundings = nowhere()): string {
  try {
    parseCli(args, where);
  } catch (error) {
    assert.ok(error instanceof UsageError, `a UsageError, got ${String(error)}`);
    assert.equal(error.name, 'UsageError');
    return error.message;
  }
  assert.fail(`${JSON.stringify(args)} was accepted`);
}
