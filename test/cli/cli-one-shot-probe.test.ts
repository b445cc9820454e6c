// A one-shot command starts the server it talks to once: the protocol revision comes from the server's answer to the
// 2026-07-28 probe on that same process, not from a throwaway copy started for the probe. Both eras still connect,
// and a server that ends on the probe is started again for the 2025 handshake.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countedStart, everythingServer, initializeFirstServer, modernServer } from '../fixtures/mcp/paths.js';
import { oneShot } from './one-shot-cli.js';

/** `tool-console list tools` against `server`, started through counted-start.ts: the run and how many starts it made. */
async function listCounted(server: string) {
  const starts = join(mkdtempSync(join(tmpdir(), 'tool-console-starts-')), 'starts');
  const run = await oneShot(
    ['list', 'tools', '--timeout', '10000', '--stdio', `"${process.execPath}" "${countedStart}" "${server}"`],
    {
      env: { ...process.env, FIXTURE_STARTS: starts },
    },
  );
  const started = readFileSync(starts, 'utf8').split('\n').filter(Boolean).length;
  return { ...run, started };
}

describe('tool-console list: one server process per command', () => {
  it('starts a 2025 server (server-everything) once: its answer to server/discover says its era', async () => {
    const run = await listCounted(everythingServer);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^get-sum {2}Get Sum Tool: /m);
    assert.equal(run.started, 1, 'server-everything was started more than once for one command');
  });

  it('starts a 2026-07-28 server once, and talks 2026-07-28 with it (it refuses initialize)', async () => {
    const run = await listCounted(modernServer);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\S/);
    assert.equal(run.started, 1, 'the 2026-07-28 server was started more than once for one command');
  });

  it('starts a server that ends on the probe once more, for initialize, and lists its tools', async () => {
    const run = await listCounted(initializeFirstServer);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'hello  Says hello.\n');
    assert.equal(run.started, 2);
  });
});
