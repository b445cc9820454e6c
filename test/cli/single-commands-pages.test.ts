// `tool-console list resources|prompts` follows the server's pages as far as they go: a page without the list adds
// nothing, and a cursor that is not a string ends the listing (it cannot be sent back).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectOnce, stopStartedServers } from '../../server/cli/commands/connect-once.js';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { listCommand } from '../../server/cli/commands/single-commands.js';
import type { McpBridge } from '../../server/mcp/index.js';
import type { ListPageRequest } from '../../server/types.js';
import { catalogServer } from '../fixtures/mcp/paths.js';
import { commonPlan } from './common-plan.js';

let catalog: McpBridge;
before(async () => {
  const target = { stdio: { command: process.execPath, args: [catalogServer] } };
  catalog = await connectOnce(target, commonPlan(), new QuestionAnswers([], () => {}));
});
after(async () => {
  stopStartedServers();
  await catalog?.close();
});

/** Lists the prompts of the catalog server with its pages replaced by `pages`: what was printed and asked. */
async function listed(pages: Record<string, unknown>[]) {
  const asked: ListPageRequest[] = [];
  const prompts = async (page: ListPageRequest) => (asked.push(page), pages[asked.length - 1]!);
  const printed: string[] = [];
  const plan = { ...commonPlan(), command: 'list' as const, what: 'prompts' as const };
  const code = await listCommand(plan, { ...catalog, prompts } as unknown as McpBridge, {
    out: (text) => printed.push(text),
    say: () => {},
  });
  return { code, printed, asked };
}

describe('listCommand pages', () => {
  it('goes on past a page without the list', async () => {
    const { code, printed, asked } = await listed([{ nextCursor: 'p2' }, { prompts: [{ name: 'second' }] }]);
    assert.deepEqual([code, printed, asked], [EXIT.ok, ['second'], [{}, { cursor: 'p2' }]]);
  });

  it('stops at a cursor that is not a string', async () => {
    const { printed, asked } = await listed([{ prompts: [{ name: 'first' }], nextCursor: 2 }, { prompts: [] }]);
    assert.deepEqual([printed, asked], [['first'], [{}]]);
  });
});
