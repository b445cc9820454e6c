// A caller that asks for a task (ctx.asTask) of a tool that does not run as one gets the tool's plain answer: only a
// tool that allows tasks runs as one on request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectMcp } from '../../server/mcp/index.js';
import type { CallResult } from '../../server/types.js';
import { taskServer } from '../fixtures/mcp/paths.js';
import { recordingContext, textOf } from './call-bridge.js';

describe('connectMcp: a task asked of a tool without task support', () => {
  it('should run the call plainly', async () => {
    const bridge = await connectMcp({ stdio: { command: process.execPath, args: [taskServer] } });
    try {
      const { ctx, tasks } = recordingContext();
      const result = (await bridge.handleCall('cancelled-tasks', {}, {} as never, {
        ...ctx,
        asTask: true,
      })) as CallResult;
      assert.deepEqual(result, { content: [{ type: 'text', text: '0' }] });
      assert.equal(textOf(result), '0');
      assert.deepEqual(tasks, []);
    } finally {
      await bridge.close();
    }
  });
});
