// A one-shot command prints no log messages, so it asks its server for errors only (logging/setLevel "error"): a
// server that honours the level spends nothing on debug and info lines nobody reads.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callCommand, type Output } from '../../server/cli/commands/single-commands.js';
import { connectOnce, stopStartedServers } from '../../server/cli/commands/connect-once.js';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { pacedServer } from '../fixtures/mcp/paths.js';
import { commonPlan } from './common-plan.js';

describe('connectOnce and logging', () => {
  it('asks the server for log messages of level error and above only', async () => {
    const answers = new QuestionAnswers([], () => {});
    const plan = commonPlan();
    const bridge = await connectOnce({ stdio: { command: process.execPath, args: [pacedServer] } }, plan, answers);
    try {
      const printed: string[] = [];
      const output: Output = { out: (text) => printed.push(text), say: () => {} };
      const callPlan = { ...plan, command: 'call' as const, tool: 'log-level', args: {}, expectations: [] };
      const code = await callCommand(callPlan, bridge, answers, new AbortController().signal, output);
      assert.deepEqual([code, printed], [EXIT.ok, ['error']]);
    } finally {
      stopStartedServers();
      await bridge.close();
    }
  });
});
