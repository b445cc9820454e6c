// A server that answers every call with -32042 (URL elicitation required), however many pages the user follows: the
// bridge puts a few pages to the user, then gives up with the server's refusal rather than ask forever.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectMcp } from '../../server/mcp/index.js';
import type { CallResult } from '../../server/types.js';
import { pacedServer } from '../fixtures/mcp/paths.js';
import { recordingContext, textOf } from './call-bridge.js';

const paced = { stdio: { command: process.execPath, args: [pacedServer] } };

describe('connectMcp: a server that keeps asking for pages to be visited', () => {
  it('should ask about three pages, then end the call with the refusal', async () => {
    const bridge = await connectMcp(paced);
    try {
      const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept' }));
      const result = (await bridge.handleCall('always-needs-url', {}, {} as never, ctx)) as CallResult;
      assert.deepEqual(
        questions.map((question) => (question.mode === 'url' ? question.url : question.mode)),
        ['https://accounts.example/step/1', 'https://accounts.example/step/2', 'https://accounts.example/step/3'],
      );
      assert.equal(result.isError, true);
      assert.match(textOf(result), /^The MCP server rejected the call: /);
    } finally {
      await bridge.close();
    }
  });
});
