// Discovery reads each tool once per tools array, however often it is asked: the README promises that the index and
// the serialised answers are built once per array and remembered by its identity. Tools with counting getters show
// how often the server really reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { startConsole } from './helpers.js';

/** A tool whose description and inputSchema count their reads. */
function countingTool(name: string) {
  const reads = { description: 0, inputSchema: 0 };
  const tool = {
    name,
    get description() {
      reads.description++;
      return `The ${name} tool.`;
    },
    get inputSchema() {
      reads.inputSchema++;
      return { type: 'object' as const };
    },
  };
  return { tool: tool as Tool, reads };
}

describe('the discovery cache', () => {
  it('serialises a static list once, however often it is asked', async () => {
    const { tool, reads } = countingTool('counted');
    const app = await startConsole({ tools: [tool] });
    try {
      for (let i = 0; i < 3; i++) {
        assert.equal((await app.request('GET', '/tools')).status, 200);
        assert.equal((await app.request('GET', '/tools/counted')).json.description, 'The counted tool.');
      }
      assert.deepEqual(reads, { description: 2, inputSchema: 1 });
    } finally {
      await app.close();
    }
  });

  it('reuses the cache for a provider that returns the same array', async () => {
    const { tool, reads } = countingTool('counted');
    const tools = [tool];
    const app = await startConsole({ tools: () => tools });
    try {
      for (let i = 0; i < 3; i++) await app.request('GET', '/tools/counted');
      assert.equal(reads.inputSchema, 1);
    } finally {
      await app.close();
    }
  });

  it('builds afresh for a provider that returns a new array each time', async () => {
    const { tool, reads } = countingTool('counted');
    const app = await startConsole({ tools: () => [tool] });
    try {
      for (let i = 0; i < 3; i++) await app.request('GET', '/tools/counted');
      assert.equal(reads.inputSchema, 3);
    } finally {
      await app.close();
    }
  });
});
