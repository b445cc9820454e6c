// `tool-console run` in process: a call that cannot be made is an error of its own kind in the report (exit 1), a run
// without a time limit (--timeout 0) runs, and a server at a URL needs no headers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { fixtureStdioServer, lockingServer } from '../fixtures/mcp/paths.js';
import { collectionFolder, runCollected, runPlan } from './collection-run.js';
import { parseJunit } from './junit-xml.js';

const files = collectionFolder();
const fixture = { stdio: `"${process.execPath}" "${fixtureStdioServer}"` };
let http: HttpFixture;

before(async () => {
  http = await startHttpFixture();
});
after(async () => {
  await http?.close();
  files.remove();
});

describe('runCollection outcomes', () => {
  it('reports a call that cannot be made as an error of kind "call", and exits 1', async () => {
    // The server crashes on `die`, leaving its lock behind: it cannot start again for the next call's tool list.
    process.env.FIXTURE_LOCK = join(files.folder, 'lock');
    try {
      const file = files.write({
        version: 1,
        server: { stdio: `"${process.execPath}" "${lockingServer}"` },
        calls: [
          { name: 'crash', tool: 'die', arguments: {} },
          { name: 'after the crash', tool: 'pid', arguments: {} },
        ],
      });
      const junit = join(files.folder, 'crashed.xml');
      const { code, lines, said } = await runCollected(runPlan(file, { junit }));
      assert.equal(code, EXIT.toolError, lines.join('\n'));
      assert.match(lines[1]!, /^FAIL {2}after the crash \(n ms\): \S/);
      assert.deepEqual(said, []);
      const [crash, after] = parseJunit(readFileSync(junit, 'utf8'))[0]!.cases;
      assert.equal(crash?.failure?.type, 'expectation');
      assert.equal(after?.error?.type, 'call');
      assert.equal(`FAIL  after the crash (n ms): ${after?.error?.message}`, lines[1]);
    } finally {
      delete process.env.FIXTURE_LOCK;
    }
  });

  it('runs with no time limit (--timeout 0)', async () => {
    const file = files.write({
      version: 1,
      server: fixture,
      calls: [{ name: 'a while', tool: 'slow', arguments: { ms: 50 } }],
    });
    const { code, lines } = await runCollected(runPlan(file, { timeoutMs: Infinity }));
    assert.deepEqual([code, lines], [EXIT.ok, ['ok    a while (n ms)', '1 passed, 0 failed (n s)']]);
  });

  it('reaches a server at a URL that the file gives no headers for', async () => {
    const file = files.write({
      version: 1,
      server: { url: http.url },
      calls: [{ name: 'pid', tool: 'pid', arguments: {} }],
    });
    const { code, lines } = await runCollected(runPlan(file));
    assert.deepEqual([code, lines], [EXIT.ok, ['ok    pid (n ms)', '1 passed, 0 failed (n s)']]);
  });
});
