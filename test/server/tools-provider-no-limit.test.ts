// toolsTimeoutMs: 0 lifts the limit on an async tools provider: the console waits for it however long it takes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startConsole, weatherTool } from './helpers.js';

describe('toolsTimeoutMs: 0', () => {
  it('waits for a slow tools provider instead of timing it out', async () => {
    // A provider that answers a few timer turns later: any time limit at all would end the wait first.
    const app = await startConsole({
      toolsTimeoutMs: 0,
      tools: () => new Promise((resolve) => setTimeout(() => resolve([weatherTool]), 20)),
    });
    try {
      const answer = await app.request('GET', '/tools');
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(
        answer.json.map((tool: { name: string }) => tool.name),
        ['get_weather'],
      );
      assert.equal(app.logger.text('warn').includes('toolsTimeoutMs'), false);
    } finally {
      await app.close();
    }
  });
});
