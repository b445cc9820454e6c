// A connection to the locking server (test/fixtures/mcp/locking-server.ts), for the tests of how an McpConnection
// opens, drops, fails and closes: a crash leaves the server's lock file behind, so the next start fails until the
// test removes it. The lock files live in a folder of the test file's own, removed after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { lockingServer } from '../fixtures/mcp/paths.js';
import { observedConnection } from './observed-connection.js';

const folder = mkdtempSync(join(tmpdir(), 'connection-lifecycle-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** A connection to the locking server; without a `name` it holds no lock, so its processes may overlap. */
export function lockedConnection(name?: string) {
  const lock = join(folder, `${name}.lock`);
  const lines: string[] = [];
  const env: Record<string, string> = name === undefined ? {} : { FIXTURE_LOCK: lock };
  const connection = observedConnection(
    { stdio: { command: process.execPath, args: [lockingServer], env } },
    { onStderrLine: (line) => lines.push(line) },
  );
  let states = 0;
  connection.followState(() => states++);
  return { connection, lock, lines, states: () => states };
}

/** The process id of the server the connection talks to now. */
export async function pidOf(connection: ReturnType<typeof observedConnection>): Promise<number> {
  const result = await (await connection.client()).callTool({ name: 'pid', arguments: {} });
  return Number((result.content as { text: string }[])[0]!.text);
}
