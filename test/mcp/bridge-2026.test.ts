// The bridge in front of a server of protocol revision 2026-07-28 (modern-server.ts, on @modelcontextprotocol/server
// 2.x): the version is negotiated, and the questions the server asks inside `input_required` results reach the call
// as the questions of any other server do (ctx.elicit, ctx.sample), their answers going back in `inputResponses`.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import type { CallContext, CallResult, ConsoleNotifier } from '../../server/types.js';
import { fixtureStdioServer, modernServer } from '../fixtures/mcp/paths.js';
import { listTools, pollUntil, recordingContext, textOf } from './call-bridge.js';

const req = {} as IncomingMessage;

describe('connectMcp in front of a 2026-07-28 server', () => {
  let bridge: McpBridge;
  let toolsChanged = 0;
  const call = async (name: string, ctx: CallContext) => (await bridge.handleCall(name, {}, req, ctx)) as CallResult;

  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [modernServer] } }, { callTimeoutMs: 5_000 });
    const notifier = { toolsChanged: () => void toolsChanged++, log: () => {} } as unknown as ConsoleNotifier;
    bridge.notifications(notifier);
  });
  after(() => bridge.close());

  it('should connect without initialize, list the tools and know the server from its discover answer', async () => {
    const names = (await listTools(bridge)).map((tool) => tool.name);
    for (const name of ['ask-form', 'ask-url', 'ask-model', 'ask-twice', 'count', 'log', 'add-tool', 'slow-task']) {
      assert.ok(names.includes(name), `${name} is listed`);
    }
    assert.deepEqual(bridge.serverInfo, {
      name: 'modern-server',
      title: 'A 2026-07-28 server',
      version: '2.0.0',
      instructions: 'Speaks 2026-07-28 only.',
    });
  });

  it("should put the server's form question to the call, and give the server the answer", async () => {
    const { ctx, questions, progress } = recordingContext(undefined, () => ({
      action: 'accept',
      content: { name: 'Grace' },
    }));
    const result = await call('ask-form', ctx);
    assert.equal(textOf(result), 'hello Grace');
    assert.deepEqual(progress, [], "the SDK's own notice of each round is not the server's progress");
    assert.deepEqual(questions, [
      {
        mode: 'form',
        message: 'What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', title: 'Name', default: 'Ada' } },
          required: ['name'],
        },
      },
    ]);
  });

  it("should put the question a prompt's get asks (input_required) to the get, and give the server the answer", async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept', content: { name: 'Grace' } }));
    const result = await bridge.getPrompt!('ask-greeting', {}, req, ctx);
    assert.deepEqual(result.messages, [{ role: 'user', content: { type: 'text', text: 'Greet Grace.' } }]);
    assert.deepEqual(
      questions.map((question) => question.message),
      ['What is your name?'],
    );
    const declined = recordingContext(undefined, () => ({ action: 'decline' }));
    const nobody = await bridge.getPrompt!('ask-greeting', {}, req, declined.ctx);
    assert.deepEqual(nobody.messages[0]!.content, { type: 'text', text: 'Greet nobody (decline).' });
  });

  it('should put the question a resource read asks (input_required) to the read, and give the server the answer', async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept', content: { name: 'Grace' } }));
    const result = await bridge.readResource('modern://greeting', req, { ...ctx, caller: 'user' });
    assert.deepEqual(result.contents, [{ uri: 'modern://greeting', mimeType: 'text/plain', text: 'Hello Grace.' }]);
    assert.deepEqual(
      questions.map((question) => question.message),
      ['What is your name?'],
    );
    const declined = recordingContext(undefined, () => ({ action: 'decline' }));
    const nobody = await bridge.readResource('modern://greeting', req, { ...declined.ctx, caller: 'user' });
    assert.equal((nobody.contents[0] as { text: string }).text, 'Hello nobody (decline).');
  });

  it("should fill in the schema's defaults of fields the user left out", async () => {
    const { ctx } = recordingContext(undefined, () => ({ action: 'accept', content: {} }));
    assert.equal(textOf(await call('ask-form', ctx)), 'hello Ada');
  });

  it('should pass a declined question on as declined', async () => {
    const { ctx } = recordingContext(undefined, () => ({ action: 'decline' }));
    assert.equal(textOf(await call('ask-form', ctx)), 'no name (decline)');
  });

  it("should put the server's URL question to the call with its URL", async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept' }));
    assert.equal(textOf(await call('ask-url', ctx)), 'url accept');
    assert.equal(questions.length, 1);
    assert.equal(questions[0].mode, 'url');
    assert.equal((questions[0] as { url: string }).url, 'https://example.com/sign-in');
    assert.equal(questions[0].message, 'Sign in, please.');
  });

  it("should put the server's sampling request to the call, and give the server the user's reply", async () => {
    const reply = {
      action: 'accept' as const,
      result: { role: 'assistant' as const, content: { type: 'text', text: 'hi from a person' }, model: 'human' },
    };
    const { ctx, samples } = recordingContext(undefined, undefined, () => reply);
    assert.equal(textOf(await call('ask-model', ctx)), 'model said hi from a person');
    assert.equal(samples.length, 1);
    assert.deepEqual(samples[0].messages, [{ role: 'user', content: { type: 'text', text: 'Say hi.' } }]);
    assert.equal(samples[0].maxTokens, 20);
  });

  it('should end the call when the user gives no reply to the sampling request', async () => {
    const { ctx } = recordingContext(undefined, undefined, () => ({ action: 'decline' }));
    assert.deepEqual(await call('ask-model', ctx), {
      content: [
        { type: 'text', text: 'The server asked for a reply as its model, and the user gave none: the call ended.' },
      ],
      isError: true,
    });
  });

  it('should answer question after question, one round each', async () => {
    const names = ['Grace', 'Alan'];
    const { ctx, questions } = recordingContext(undefined, () => ({
      action: 'accept',
      content: { name: names.shift() },
    }));
    assert.equal(textOf(await call('ask-twice', ctx)), 'Grace and Alan');
    assert.deepEqual(
      questions.map((question) => question.message),
      ['What is your name?', 'And your friend?'],
    );
  });

  it('should end the call, and withdraw its question, when the call is cancelled while the question waits', async () => {
    const abort = new AbortController();
    const { ctx } = recordingContext(abort.signal);
    let withdrawn = false;
    const asking: CallContext = {
      ...ctx,
      elicit: (_request, options) =>
        new Promise((resolve) => {
          options!.signal!.addEventListener('abort', () => {
            withdrawn = true;
            resolve({ action: 'cancel' });
          });
          abort.abort();
        }),
    };
    assert.equal(textOf(await call('ask-form', asking)), 'The call was cancelled.');
    await pollUntil(async () => withdrawn);
  });

  it('should end a call whose server keeps asking, and keep the connection', async () => {
    const pid = textOf(await call('pid', recordingContext().ctx));
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept', content: { name: 'Ada' } }));
    const result = await call('ask-forever', ctx);
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^The MCP server's answer could not be used: .*10 rounds/);
    assert.equal(questions.length, 10, 'the SDK gives up after 10 rounds');
    assert.equal(textOf(await call('pid', recordingContext().ctx)), pid, 'the same server process answers');
  });

  it("should pass the server's progress on to the call", async () => {
    const { ctx, progress } = recordingContext();
    assert.equal(textOf(await call('count', ctx)), 'counted');
    assert.deepEqual(progress, [
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it("should pass the server's log messages on to the call, from the level asked for (info) up", async () => {
    const { ctx, logs } = recordingContext();
    assert.equal(textOf(await call('log', ctx)), 'logged');
    assert.deepEqual(logs, [{ level: 'info', data: 'info line', logger: 'modern' }]);
  });

  it('should hear that the tool list changed, and list the new tool', async () => {
    const before = toolsChanged;
    const added = textOf(await call('add-tool', recordingContext().ctx));
    await pollUntil(async () => toolsChanged > before);
    assert.ok((await listTools(bridge)).some((tool) => tool.name === added));
  });
});

describe('connectMcp with logLevel in front of a 2026-07-28 server', () => {
  it('should ask each call for the log messages of that level up, there being no logging/setLevel', async () => {
    const stdio = { command: process.execPath, args: [modernServer] };
    const bridge = await connectMcp({ stdio }, { logLevel: 'debug' });
    try {
      const { ctx, logs } = recordingContext();
      await bridge.handleCall('log', {}, req, ctx);
      assert.deepEqual(
        logs.map((log) => log.data),
        ['debug line', 'info line'],
      );
    } finally {
      await bridge.close();
    }
  });
});

describe('connectMcp negotiates the protocol revision', () => {
  it('should front a 2025-era server and a 2026-07-28 server alike', async () => {
    for (const [server, name] of [
      [fixtureStdioServer, 'fixture'],
      [modernServer, 'modern-server'],
    ] as const) {
      const bridge = await connectMcp({ stdio: { command: process.execPath, args: [server] } });
      try {
        assert.ok(bridge.serverInfo?.name.startsWith(name), `${bridge.serverInfo?.name} for ${name}`);
        assert.ok((await listTools(bridge)).length > 0);
      } finally {
        await bridge.close();
      }
    }
  });
});
