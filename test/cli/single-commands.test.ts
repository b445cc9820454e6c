// `list`, `call`, `read` and `prompt` against real MCP servers (the fixture server: 25 tools over pages, no resources
// or prompts; the catalog server: 2,500 resources over five pages, prompts), connected as a one-shot command connects:
// what each prints on stdout and stderr, and the exit code it ends with.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { connectOnce, stopStartedServers } from '../../server/cli/commands/connect-once.js';
import { EXIT } from '../../server/cli/commands/exit-codes.js';
import type { OneShotPlan } from '../../server/cli/commands/one-shot-args.js';
import { failure } from './command-failure.js';
import { commonPlan } from './common-plan.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import {
  callCommand,
  listCommand,
  promptCommand,
  readCommand,
  type Output,
} from '../../server/cli/commands/single-commands.js';
import { McpRequestError, type McpBridge } from '../../server/mcp/index.js';
import type { ListPageRequest } from '../../server/types.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';

const catalogServer = fileURLToPath(new URL('../fixtures/mcp/catalog-server.js', import.meta.url));

const common = commonPlan();

type Plan<C> = Extract<OneShotPlan, { command: C }>;
const listPlan = (what: Plan<'list'>['what'], json = false): Plan<'list'> => ({
  ...common,
  json,
  command: 'list',
  what,
});
const callPlan = (tool: string, more: Partial<Plan<'call'>> = {}): Plan<'call'> => ({
  ...common,
  command: 'call',
  tool,
  args: {},
  expectations: [],
  ...more,
});

/** What a command printed: stdout as one text per out(), the stderr lines it said. */
function recording(): Output & { printed: string[]; said: string[] } {
  const printed: string[] = [];
  const said: string[] = [];
  return { printed, said, out: (text) => printed.push(text), say: (line) => said.push(line) };
}

const answers = () => new QuestionAnswers([], () => {});
const never = new AbortController().signal;

let fixture: McpBridge;
let catalog: McpBridge;

before(async () => {
  [fixture, catalog] = await Promise.all([
    connectOnce({ stdio: { command: process.execPath, args: [fixtureStdioServer] } }, common, answers()),
    connectOnce({ stdio: { command: process.execPath, args: [catalogServer] } }, common, answers()),
  ]);
});
after(async () => {
  stopStartedServers();
  await Promise.all([fixture?.close(), catalog?.close()]);
});

describe('listCommand', () => {
  it('prints each tool as the page lists it: name, title and the first line of its description', async () => {
    const output = recording();
    assert.equal(await listCommand(listPlan('tools'), fixture, output), EXIT.ok);
    assert.equal(output.printed.length, 1);
    const lines = output.printed[0]!.split('\n');
    assert.equal(lines.length, 25);
    assert.equal(
      lines[0],
      'rich  Every content type: Returns text, image, audio, an embedded resource, a resource link, structured content and _meta.',
    );
    assert.equal(lines[2], 'fails  Answers with an isError result.');
    assert.equal(lines[24], 'numbered-10  Numbered tool 10, to fill the pages.');
    assert.deepEqual(output.said, []);
  });

  it('lists the tools of a bridge that holds them as a list rather than a function', async () => {
    const output = recording();
    const tools = [{ name: 'only', title: 'Only one', inputSchema: { type: 'object' as const } }];
    await listCommand(listPlan('tools'), { ...fixture, tools } as McpBridge, output);
    assert.deepEqual(output.printed, ['only  Only one']);
  });

  it('prints the tools as the exact MCP result with --json', async () => {
    const output = recording();
    assert.equal(await listCommand(listPlan('tools', true), fixture, output), EXIT.ok);
    const { tools } = JSON.parse(output.printed[0]!);
    assert.equal(tools.length, 25);
    assert.deepEqual(tools[2], {
      name: 'fails',
      description: 'Answers with an isError result.',
      inputSchema: { type: 'object', properties: {} },
    });
    assert.match(output.printed[0]!, /^\{\n {2}"tools": \[\n {4}\{/);
  });

  it('follows every page of resources, each printed as its URI, name and MIME type', async () => {
    const output = recording();
    assert.equal(await listCommand(listPlan('resources'), catalog, output), EXIT.ok);
    const lines = output.printed[0]!.split('\n');
    assert.equal(lines.length, 2_500);
    assert.equal(lines[2_499], 'fixture://notes/2499  note 2499: text/plain');
    const json = recording();
    await listCommand(listPlan('resources', true), catalog, json);
    const { resources } = JSON.parse(json.printed[0]!);
    assert.equal(resources.length, 2_500);
    assert.deepEqual(resources[2_499], { uri: 'fixture://notes/2499', name: 'note 2499', mimeType: 'text/plain' });
  });

  it('prints each prompt as its name, title and description', async () => {
    const output = recording();
    assert.equal(await listCommand(listPlan('prompts'), catalog, output), EXIT.ok);
    assert.equal(output.printed[0]!.split('\n')[0], 'echo  Echo: Says back what it is given.');
    const json = recording();
    await listCommand(listPlan('prompts', true), catalog, json);
    assert.equal(JSON.parse(json.printed[0]!).prompts[0].name, 'echo');
  });

  it('says the server offers none, and prints an empty list, for a server without resources or prompts', async () => {
    for (const what of ['resources', 'prompts'] as const) {
      const output = recording();
      assert.equal(await listCommand(listPlan(what), fixture, output), EXIT.ok);
      assert.deepEqual([output.printed, output.said], [[''], [`the server offers no ${what}`]]);
      const json = recording();
      await listCommand(listPlan(what, true), fixture, json);
      assert.deepEqual(json.printed, [`{\n  "${what}": []\n}`]);
    }
  });

  it('prints a name alone when there is nothing else to say, and skips what is not an entry', async () => {
    const asked: ListPageRequest[] = [];
    const pages = [
      { prompts: [{ name: 'bare' }, { name: 'empty', title: '', description: '' }, 'odd', null], nextCursor: 'p2' },
      {
        prompts: [
          { name: 'multi', description: 'first line\nsecond line' },
          { name: 'titled', title: 'T' },
        ],
      },
    ];
    const prompts = async (page: ListPageRequest) => (asked.push(page), pages[asked.length - 1]!);
    const output = recording();
    await listCommand(listPlan('prompts'), { ...fixture, prompts } as McpBridge, output);
    assert.deepEqual(output.printed, ['bare\nempty\nmulti  first line\ntitled  T']);
    assert.deepEqual(asked, [{}, { cursor: 'p2' }]);
  });

  it('stops after 1,000 pages of a server that hands out cursors for ever', async () => {
    let pages = 0;
    const prompts = async () => (pages++, { prompts: [{ name: `p${pages}` }], nextCursor: `after-${pages}` });
    const output = recording();
    await listCommand(listPlan('prompts'), { ...fixture, prompts } as McpBridge, output);
    assert.equal(pages, 1_000);
    assert.equal(output.printed[0]!.split('\n').length, 1_000);
  });

  it('ends with the code of what the server said when a page is refused', async () => {
    const refused = (status: number) => async () => {
      throw new McpRequestError(status, 'no');
    };
    for (const [status, code] of [
      [400, EXIT.usage],
      [404, EXIT.usage],
      [500, EXIT.toolError],
      [403, EXIT.toolError],
    ] as const) {
      const bridge = { ...fixture, resources: refused(status) } as McpBridge;
      const failed = await failure(listCommand(listPlan('resources'), bridge, recording()));
      assert.deepEqual([failed.message, failed.exitCode], ['list resources: no', code], String(status));
    }
    const broken = {
      ...fixture,
      resources: async () => {
        throw new Error('socket closed');
      },
    } as McpBridge;
    const failed = await failure(listCommand(listPlan('resources'), broken, recording()));
    assert.deepEqual([failed.message, failed.exitCode], ['list resources: socket closed', EXIT.toolError]);
  });
});

describe('callCommand', () => {
  it('prints the readable result and exits 0', async () => {
    const output = recording();
    assert.equal(await callCommand(callPlan('rich'), fixture, answers(), never, output), EXIT.ok);
    assert.equal(
      output.printed[0],
      'hello\n[image image/png, 70 bytes]\n[audio audio/wav, 4 bytes]\na note\n[resource link fixture://other (other)]',
    );
    assert.deepEqual(output.said, []);
  });

  it('prints the exact result with --json', async () => {
    const output = recording();
    await callCommand(callPlan('fails', { json: true }), fixture, answers(), never, output);
    assert.equal(
      output.printed[0],
      JSON.stringify({ content: [{ type: 'text', text: 'the widget is broken' }], isError: true }, null, 2),
    );
  });

  it('exits 1 when the tool answers isError, saying so', async () => {
    const output = recording();
    assert.equal(await callCommand(callPlan('fails'), fixture, answers(), never, output), EXIT.toolError);
    assert.deepEqual(output.printed, ['the widget is broken']);
    assert.deepEqual(output.said, ['fails answered isError']);
  });

  it('exits 5 when an expectation fails, each failure said, even when the tool also answered isError', async () => {
    const output = recording();
    const expectations = [{ pointer: '/structuredContent/answer', equals: 41 }, { outputSchema: true as const }];
    assert.equal(
      await callCommand(callPlan('rich', { expectations }), fixture, answers(), never, output),
      EXIT.expectation,
    );
    assert.equal(output.said.length, 1);
    assert.match(output.said[0]!, /^expectation failed: \/structuredContent\/answer/);
    const both = recording();
    const noError = [{ isError: false as const }];
    assert.equal(
      await callCommand(callPlan('fails', { expectations: noError }), fixture, answers(), never, both),
      EXIT.expectation,
    );
    assert.equal(both.said.length, 1);
    assert.match(both.said[0]!, /^expectation failed: /);
  });

  it('exits 0 when every expectation holds', async () => {
    const output = recording();
    const expectations = [
      { pointer: '/structuredContent/answer', equals: 42 },
      { outputSchema: true as const },
      { isError: false as const },
    ];
    assert.equal(await callCommand(callPlan('rich', { expectations }), fixture, answers(), never, output), EXIT.ok);
    assert.deepEqual(output.said, []);
  });
});

describe('readCommand', () => {
  const readPlan = (uri: string, json = false): Plan<'read'> => ({ ...common, json, command: 'read', uri });

  it("prints a resource's text, or its exact result with --json", async () => {
    const output = recording();
    assert.equal(await readCommand(readPlan('fixture://notes/1'), catalog, answers(), never, output), EXIT.ok);
    assert.match(output.printed[0]!, /<script>/);
    const json = recording();
    await readCommand(readPlan('fixture://notes/1', true), catalog, answers(), never, json);
    const result = JSON.parse(json.printed[0]!);
    assert.equal(result.contents[0].uri, 'fixture://notes/1');
    assert.equal(result.contents[0].text, output.printed[0]);
  });

  it('prints each of several contents on its own line, and nothing for an answer without contents', async () => {
    const contents = [
      { uri: 'x:/a', text: 'one' },
      { uri: 'x:/b', blob: 'AAAA', mimeType: 'image/png' },
    ];
    const several = { ...catalog, readResource: async () => ({ contents }) } as unknown as McpBridge;
    const output = recording();
    await readCommand(readPlan('x:/a'), several, answers(), never, output);
    assert.deepEqual(output.printed, ['one\n[resource x:/b image/png, 3 bytes]']);
    const none = { ...catalog, readResource: async () => ({}) } as unknown as McpBridge;
    const empty = recording();
    await readCommand(readPlan('x:/a'), none, answers(), never, empty);
    assert.deepEqual(empty.printed, ['']);
  });

  it('ends the read when its signal fires', async () => {
    const failed = await failure(
      readCommand(readPlan('fixture://notes/1'), catalog, answers(), AbortSignal.abort(), recording()),
    );
    assert.match(failed.message, /^read fixture:\/\/notes\/1: /);
  });

  it('exits 2 for a resource the server does not have', async () => {
    const failed = await failure(readCommand(readPlan('fixture://nowhere'), fixture, answers(), never, recording()));
    assert.match(failed.message, /^read fixture:\/\/nowhere: /);
  });
});

describe('promptCommand', () => {
  const promptPlan = (name: string, args: Record<string, string>, json = false): Plan<'prompt'> => ({
    ...common,
    json,
    command: 'prompt',
    name,
    args,
  });

  it('prints the messages after their roles, or the exact result with --json', async () => {
    const output = recording();
    assert.equal(
      await promptCommand(promptPlan('echo', { text: 'hi', mood: 'glad' }), catalog, answers(), never, output),
      EXIT.ok,
    );
    assert.deepEqual(output.printed, ['assistant: glad: hi']);
    const json = recording();
    await promptCommand(promptPlan('echo', { text: 'hi' }, true), catalog, answers(), never, json);
    assert.deepEqual(JSON.parse(json.printed[0]!).messages, [
      { role: 'assistant', content: { type: 'text', text: 'plain: hi' } },
    ]);
  });

  it('ends the request when its signal fires', async () => {
    const failed = await failure(
      promptCommand(promptPlan('echo', { text: 'hi' }), catalog, answers(), AbortSignal.abort(), recording()),
    );
    assert.match(failed.message, /^prompt echo: /);
  });

  it('exits 2 for bad arguments or a server without prompts', async () => {
    const failed = await failure(promptCommand(promptPlan('echo', {}), catalog, answers(), never, recording()));
    assert.match(failed.message, /^prompt echo: .*text/);
    assert.equal(failed.exitCode, EXIT.usage);
    const none = await failure(promptCommand(promptPlan('echo', {}), fixture, answers(), never, recording()));
    assert.deepEqual([none.message, none.exitCode], ['the server offers no prompts', EXIT.usage]);
  });
});
