// `tool-console run` in process: one call at a time unless --parallel says otherwise (the lines in the order of the
// file even when a later call is quicker), and the servers it started stopped as soon as the calls are done, not
// after the grace a server that ignores its closed stdin would otherwise get.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { collectionFolder, runCollected, runPlan } from './collection-run.js';

const wrapped = fileURLToPath(new URL('../fixtures/mcp/wrapped-stdio-server.js', import.meta.url));
const files = collectionFolder();
after(files.remove);

describe('runCollection, one call after another', () => {
  it('runs the calls in the order of the file with --parallel 1, a quicker later call waiting its turn', async () => {
    const file = files.write({
      version: 1,
      server: { stdio: `"${process.execPath}" "${fixtureStdioServer}"` },
      calls: [
        { name: 'slower', tool: 'slow', arguments: { ms: 300 } },
        { name: 'quick', tool: 'pid', arguments: {} },
      ],
    });
    const { code, lines } = await runCollected(runPlan(file, { parallel: 1 }));
    assert.equal(code, EXIT.ok);
    assert.deepEqual(lines, ['ok    slower (n ms)', 'ok    quick (n ms)', '2 passed, 0 failed (n s)']);
  });

  it('stops a server that outlives its closed stdin at once, without waiting out its 2 s grace', async () => {
    const file = files.write({
      version: 1,
      server: { stdio: `"${process.execPath}" "${wrapped}" --linger` },
      calls: [{ name: 'pid', tool: 'pid', arguments: {} }],
    });
    const { code, lines, times } = await runCollected(runPlan(file));
    assert.equal(code, EXIT.ok, lines.join('\n'));
    // From the call's line to the summary, printed once the servers are stopped: far less than the grace.
    const stopping = times[1]! - times[0]!;
    assert.ok(stopping < 1_500, `stopping the server took ${stopping} ms`);
  });
});
