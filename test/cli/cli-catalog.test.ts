// `tool-console --stdio "<server-everything>"` serves what the server offers besides tools: its resources, its
// prompts (got with arguments), completion of one argument from another, and a page told all of it (`offers`). The
// fixture without resources or prompts offers none of them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { everythingServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { connected, serveCli, type Serving } from './run-cli.js';

const post = async (cli: Serving, path: string, body: unknown) => {
  const response = await fetch(`${cli.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  return { status: response.status, json: (await response.json()) as any };
};

const offersOf = async (cli: Serving) =>
  /<tool-console\s[^>]*\soffers="([^"]*)"/.exec(await (await fetch(cli.url)).text())?.[1];

describe('tool-console --stdio in front of server-everything: resources, prompts, completion', () => {
  let cli: Serving;
  before(async () => {
    cli = await serveCli(['--stdio', `"${process.execPath}" "${everythingServer}"`, '--allow-execute']);
    // The CLI serves before its server has said what it offers: the page is told once it has.
    await connected(cli);
  });
  after(() => cli.stop());

  it('should tell the page it offers resources, prompts, completions and subscriptions, and the server panes', async () => {
    assert.equal(await offersOf(cli), 'resources prompts completions subscriptions inspect');
  });

  it('should list the resources and the prompts', async () => {
    const resources = await fetch(`${cli.url}resources`);
    assert.equal(resources.status, 200);
    assert.ok(((await resources.json()) as { resources: unknown[] }).resources.length > 0);
    const { prompts } = (await (await fetch(`${cli.url}prompts`)).json()) as { prompts: { name: string }[] };
    assert.ok(prompts.some((prompt) => prompt.name === 'completable-prompt'));
  });

  it('should complete an argument from the other, then get the prompt with both', async () => {
    const ref = { type: 'ref/prompt', name: 'completable-prompt' };
    const completion = await post(cli, 'completion', {
      ref,
      argument: { name: 'name', value: 'E' },
      context: { arguments: { department: 'Sales' } },
    });
    assert.deepEqual(completion, { status: 200, json: { completion: { values: ['Eve'], total: 1, hasMore: false } } });
    const got = await post(cli, 'prompts/completable-prompt/get', { arguments: { department: 'Sales', name: 'Eve' } });
    assert.equal(got.status, 200);
    assert.deepEqual(got.json.messages, [
      { role: 'user', content: { type: 'text', text: 'Please promote Eve to the head of the Sales team.' } },
    ]);
  });
});

describe('tool-console --stdio in front of a server of tools only', () => {
  it('should offer no resources or prompts, and answer their routes 404', async () => {
    const cli = await serveCli(['--stdio', `"${process.execPath}" "${fixtureStdioServer}"`]);
    try {
      await connected(cli);
      assert.equal(await offersOf(cli), '');
      assert.equal((await fetch(`${cli.url}prompts`)).status, 404);
    } finally {
      await cli.stop();
    }
  });
});
