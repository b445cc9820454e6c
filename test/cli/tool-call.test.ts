// One tool call for `tool-console call` and `run`: the tool found and its arguments checked before anything is sent,
// the call made against a real server (the fixture server), and the result checked against the expectations.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectOnce, stopStartedServers } from '../../server/cli/commands/connect-once.js';
import { CommandFailure, EXIT } from '../../server/cli/commands/exit-codes.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { callChecked, checkedTool } from '../../server/cli/commands/tool-call.js';
import { toolsOf } from '../../server/cli/commands/tools-of.js';
import type { McpBridge } from '../../server/mcp/index.js';
import type { Tool } from '../../server/types.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { failure } from './command-failure.js';
import { commonPlan } from './common-plan.js';

const named = (count: number): Tool[] =>
  Array.from({ length: count }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }) as Tool);

function refusal(work: () => unknown): CommandFailure {
  try {
    work();
  } catch (error) {
    assert.ok(error instanceof CommandFailure, `a CommandFailure, not ${String(error)}`);
    return error;
  }
  return assert.fail('accepted');
}

describe('checkedTool', () => {
  it('finds the tool by its name', () => {
    const tools = named(3);
    assert.equal(checkedTool(tools, 't2', {}), tools[2]);
  });

  it('refuses an unknown tool with exit 2, naming the tools there are (the first 12)', () => {
    const some = refusal(() => checkedTool(named(12), 'nope', {}));
    assert.deepEqual(
      [some.message, some.exitCode],
      ['unknown tool "nope"; the server has: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11', EXIT.usage],
    );
    const many = refusal(() => checkedTool(named(13), 'nope', {}));
    assert.equal(
      many.message,
      'unknown tool "nope"; the server has: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, ...',
    );
    assert.equal(refusal(() => checkedTool([], 'nope', {})).message, 'unknown tool "nope"; the server has: no tools');
  });

  it('refuses arguments its inputSchema does not allow with exit 2, saying where each problem is', () => {
    const tool = {
      name: 'sum',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a'],
        additionalProperties: false,
      },
    } as Tool;
    assert.equal(checkedTool([tool], 'sum', { a: 1, b: 2 }), tool);
    const wrongType = refusal(() => checkedTool([tool], 'sum', { a: 'one' }));
    assert.equal(wrongType.exitCode, EXIT.usage);
    assert.match(wrongType.message, /^invalid arguments for sum: \/a \S/);
    const missing = refusal(() => checkedTool([tool], 'sum', {}));
    assert.match(missing.message, /^invalid arguments for sum: \S.*'a'/);
    const few = { name: 'few', inputSchema: { type: 'object', minProperties: 1 } } as Tool;
    assert.equal(
      refusal(() => checkedTool([few], 'few', {})).message,
      'invalid arguments for few: the arguments must NOT have fewer than 1 properties',
    );
    const both = refusal(() => checkedTool([tool], 'sum', { a: 'x', c: 1 }));
    assert.match(both.message, /^invalid arguments for sum: .+; .+$/);
  });

  it('takes any arguments object for a tool without an inputSchema', () => {
    const tool = { name: 'free' } as Tool;
    assert.equal(checkedTool([tool], 'free', { anything: [1, { deep: true }] }), tool);
  });
});

describe('callChecked', () => {
  let fixture: McpBridge;
  let tools: readonly Tool[];
  const answers = new QuestionAnswers([], () => {});
  const never = new AbortController().signal;
  const tool = (name: string) => tools.find((each) => each.name === name)!;

  before(async () => {
    const plan = commonPlan();
    fixture = await connectOnce({ stdio: { command: process.execPath, args: [fixtureStdioServer] } }, plan, answers);
    tools = await toolsOf(fixture);
  });
  after(async () => {
    stopStartedServers();
    await fixture?.close();
  });

  it('passes the result through, with no failures when every expectation holds', async () => {
    const { result, failures } = await callChecked(
      fixture,
      tool('rich'),
      {},
      [{ pointer: '/content/0/text', equals: 'hello' }, { outputSchema: true }],
      answers,
      never,
    );
    assert.deepEqual(result.structuredContent, { answer: 42 });
    assert.deepEqual(failures, []);
  });

  it('says why each failed expectation failed, in order', async () => {
    const { failures } = await callChecked(
      fixture,
      tool('rich'),
      {},
      [
        { pointer: '/content/0/text', equals: 'bye' },
        { pointer: '/content/0/text', equals: 'hello' },
        { pointer: '/nothing', matches: 'x' },
      ],
      answers,
      never,
    );
    assert.deepEqual(failures, ['/content/0/text: expected "bye", got "hello"', '/nothing: nothing there']);
  });

  it("checks the structuredContent against the tool's outputSchema", async () => {
    const mismatch = await callChecked(fixture, tool('mismatch'), {}, [{ outputSchema: true }], answers, never);
    assert.equal(mismatch.failures.length, 1);
    assert.match(mismatch.failures[0]!, /^does not match the outputSchema: \/answer \S/);
    // A tool that declares an outputSchema and answers without structuredContent.
    const declared = { ...tool('fails'), outputSchema: { type: 'object' } } as Tool;
    const without = await callChecked(fixture, declared, {}, [{ outputSchema: true }], answers, never);
    assert.deepEqual(without.failures, ['does not match the outputSchema: the result has no structuredContent']);
    const none = await callChecked(fixture, tool('fails'), {}, [{ outputSchema: true }], answers, never);
    assert.deepEqual(none.failures, ['the tool has no outputSchema to match']);
  });

  it('names the schema itself when the structuredContent as a whole does not match', async () => {
    const declared = { ...tool('rich'), outputSchema: { type: 'array' } } as Tool;
    const { failures } = await callChecked(fixture, declared, {}, [{ outputSchema: true }], answers, never);
    assert.match(failures[0]!, /^does not match the outputSchema: \/ \S/);
  });

  it('fails with exit 4 when the time is up, though the server answers a cancelled call with isError', async () => {
    const late = await failure(
      callChecked(fixture, tool('slow'), { ms: 10_000 }, [], answers, AbortSignal.timeout(50)),
    );
    assert.deepEqual([late.message, late.exitCode], ['slow timed out', EXIT.timeout]);
  });

  it('fails with exit 1 when the bridge throws, and with exit 4 when it throws after the time is up', async () => {
    const throwing = {
      ...fixture,
      handleCall: async () => {
        throw new Error('socket closed');
      },
    } as McpBridge;
    const refused = await failure(callChecked(throwing, tool('rich'), {}, [], answers, never));
    assert.deepEqual([refused.message, refused.exitCode], ['rich failed: socket closed', EXIT.toolError]);
    const late = await failure(callChecked(throwing, tool('rich'), {}, [], answers, AbortSignal.abort()));
    assert.deepEqual([late.message, late.exitCode], ['rich timed out', EXIT.timeout]);
  });

  it('passes an isError answer through: the expectations, or the command, decide', async () => {
    const { result, failures } = await callChecked(fixture, tool('rejects'), {}, [], answers, never);
    assert.equal(result.isError, true);
    assert.deepEqual(failures, []);
  });
});
