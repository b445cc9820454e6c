// The bridge in front of @modelcontextprotocol/server-everything, the reference MCP server, over stdio.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connectMcp, type LogMessage, type McpBridge } from '../../server/mcp/index.js';
import type { CallContext, CallResult, Tool } from '../../server/types.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { recordingContext } from './call-bridge.js';

const fixturesDir = fileURLToPath(new URL('../fixtures', import.meta.url));

const req = {} as IncomingMessage;
const textOfAll = (result: CallResult) => result.content.map((item) => (item as { text?: string }).text).join('\n');

describe('connectMcp in front of server-everything', () => {
  let bridge: McpBridge;
  let tools: readonly Tool[];
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await bridge.handleCall(name, args, req, recordingContext().ctx)) as CallResult;

  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [everythingServer] } });
    tools = await (bridge.tools as () => Promise<readonly Tool[]>)();
  });
  after(() => bridge.close());

  it('should list its tools with titles, annotations and output schemas', () => {
    const echo = tools.find((tool) => tool.name === 'echo');
    assert.equal(echo?.title, 'Echo Tool');
    assert.equal(echo?.annotations?.readOnlyHint, true);
    assert.ok(tools.find((tool) => tool.name === 'get-structured-content')?.outputSchema);
  });

  it('should return text', async () => {
    assert.deepEqual((await call('echo', { message: 'hi' })).content, [{ type: 'text', text: 'Echo: hi' }]);
  });

  it('should return an image', async () => {
    const image = (await call('get-tiny-image')).content.find((item) => item.type === 'image');
    assert.equal(image?.mimeType, 'image/png');
    assert.ok(Buffer.from(String(image?.data), 'base64').subarray(1, 4).equals(Buffer.from('PNG')));
  });

  it('should return an embedded resource and resource links', async () => {
    const embedded = await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 });
    assert.ok(embedded.content.some((item) => item.type === 'resource'));
    const links = await call('get-resource-links', { count: 2 });
    assert.equal(links.content.filter((item) => item.type === 'resource_link').length, 2);
  });

  it('should return structured content', async () => {
    const result = await call('get-structured-content', { location: 'Chicago' });
    assert.equal(typeof result.structuredContent?.temperature, 'number');
  });

  it("should report the server's validation errors as an isError result", async () => {
    const result = await call('get-sum', { a: 'one' });
    assert.equal(result.isError, true);
    assert.match((result.content[0] as { text: string }).text, /Invalid arguments for tool get-sum/);
  });
});

describe('connectMcp in front of server-everything, while its tools run', () => {
  let bridge: McpBridge;
  const between: LogMessage[] = [];
  let nextLogBetweenCalls: () => void = () => {};

  before(async () => {
    bridge = await connectMcp(
      { stdio: { command: process.execPath, args: [everythingServer] } },
      {
        // Every level, so the server's randomly levelled messages all arrive.
        logLevel: 'debug',
        roots: [fixturesDir],
        onLog: (message) => {
          between.push(message);
          nextLogBetweenCalls();
        },
      },
    );
  });
  after(() => bridge.close());

  it('should be offered the tools a client that can answer questions and name roots gets', async () => {
    const names = (await (bridge.tools as () => Promise<readonly Tool[]>)()).map((tool) => tool.name);
    for (const name of [
      'trigger-elicitation-request',
      'trigger-url-elicitation',
      'get-roots-list',
      'trigger-sampling-request',
      // Offered only to a client that runs questions as tasks.
      'trigger-elicitation-request-async',
      'trigger-sampling-request-async',
    ]) {
      assert.ok(names.includes(name), `${name} is offered`);
    }
  });

  it('should tell the server its roots', async () => {
    const result = (await bridge.handleCall('get-roots-list', {}, req, recordingContext().ctx)) as CallResult;
    const text = (result.content[0] as { text: string }).text;
    assert.match(text, /Current MCP Roots \(1 total\)/);
    assert.ok(text.includes(pathToFileURL(fixturesDir).href), text);
  });

  it("should put the server's question to the call, and give the server the answer with the schema's defaults", async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept', content: { name: 'Ada' } }));
    const result = (await bridge.handleCall('trigger-elicitation-request', {}, req, ctx)) as CallResult;
    assert.equal(questions.length, 1);
    assert.equal(questions[0].message, 'Please provide inputs for the following fields:');
    assert.equal(questions[0].mode, 'form');
    const texts = result.content.map((item) => (item as { text: string }).text).join('\n');
    assert.match(texts, /- Name: Ada/);
    // Fields the user left alone arrive with their defaults (SEP-1034).
    assert.match(texts, /- Favorite Integer: 42/);
  });

  it('should pass a declined question on as declined', async () => {
    const { ctx } = recordingContext(undefined, () => ({ action: 'decline' }));
    const result = (await bridge.handleCall('trigger-elicitation-request', {}, req, ctx)) as CallResult;
    assert.match((result.content[0] as { text: string }).text, /User declined/);
  });

  it("should put the server's URL question to the call with its URL", async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept' }));
    await bridge.handleCall('trigger-url-elicitation', { url: 'https://auth.example/start' }, req, ctx);
    assert.equal(questions[0].mode, 'url');
    assert.equal((questions[0] as { url: string }).url, 'https://auth.example/start');
  });

  it("should put the server's sampling request to the call, and give the server the user's reply as the model's", async () => {
    const reply = {
      action: 'accept' as const,
      result: { role: 'assistant' as const, content: { type: 'text', text: 'Hello from a person' }, model: 'human' },
    };
    const { ctx, samples } = recordingContext(undefined, undefined, () => reply);
    const result = (await bridge.handleCall('trigger-sampling-request', { prompt: 'Say hi' }, req, ctx)) as CallResult;
    assert.equal(samples.length, 1);
    assert.equal(samples[0].systemPrompt, 'You are a helpful test server.');
    assert.deepEqual(samples[0].messages[0].content, {
      type: 'text',
      text: 'Resource trigger-sampling-request context: Say hi',
    });
    assert.match(JSON.stringify(result.content), /Hello from a person/);
  });

  it('should tell the server a sampling request the user did not answer was rejected', async () => {
    const { ctx } = recordingContext(undefined, undefined, () => ({ action: 'decline' }));
    const result = (await bridge.handleCall('trigger-sampling-request', { prompt: 'Say hi' }, req, ctx)) as CallResult;
    assert.equal(result.isError, true);
    assert.match(JSON.stringify(result.content), /User rejected sampling request/);
  });

  it('should answer a question the server asks as a task: the server follows the task and gets the answer', async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept', content: { name: 'Ada' } }));
    const result = (await bridge.handleCall('trigger-elicitation-request-async', {}, req, ctx)) as CallResult;
    assert.equal(questions.length, 1);
    assert.equal(questions[0].message, 'Please provide inputs for the following fields (async task demo):');
    const text = textOfAll(result);
    // The server polled the task (tasks/get) and read its result (tasks/result).
    assert.match(text, /Task created/);
    assert.match(text, /Ada/);
    assert.doesNotMatch(text, /\[SYNC\]/);
  });

  /** Runs the tool whose server asks its sampling request as a task (the client runs it in the background). */
  const sampleAsTask = async (ctx: CallContext) =>
    (await bridge.handleCall('trigger-sampling-request-async', { prompt: 'Say hi' }, req, ctx)) as CallResult;

  it("should answer a sampling request the server asks as a task with the user's reply", async () => {
    const reply = {
      action: 'accept' as const,
      result: { role: 'assistant' as const, content: { type: 'text', text: 'Async hello' }, model: 'human' },
    };
    const { ctx, samples } = recordingContext(undefined, undefined, () => reply);
    const text = textOfAll(await sampleAsTask(ctx));
    assert.equal(samples.length, 1);
    assert.match(text, /Async hello/);
    assert.doesNotMatch(text, /\[SYNC\]/);
  });

  it('should fail the task of a sampling request the user declined, and the server hears it', async () => {
    const { ctx } = recordingContext(undefined, undefined, () => ({ action: 'decline' }));
    assert.match(textOfAll(await sampleAsTask(ctx)), /\[FAILED\] .*User rejected sampling request/);
  });

  it('should run a tool that requires a task as a task, passing its statuses on, to its result', async () => {
    const { ctx, tasks } = recordingContext();
    const result = (await bridge.handleCall(
      'simulate-research-query',
      { topic: 'tide pools' },
      req,
      ctx,
    )) as CallResult;
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.match(JSON.stringify(result.content), /tide pools/);
    assert.ok(tasks.length > 0, 'task statuses reached the call');
    assert.ok(new Set(tasks.map((task) => task.taskId)).size === 1, 'one task');
    assert.ok(
      tasks.some((task) => task.status === 'working' && /Gathering sources/.test(task.statusMessage ?? '')),
      JSON.stringify(tasks),
    );
  });

  it("should pass the server's progress on to the call, step by step", async () => {
    const { ctx, progress } = recordingContext();
    const result = (await bridge.handleCall(
      'trigger-long-running-operation',
      { duration: 0.4, steps: 4 },
      req,
      ctx,
    )) as CallResult;
    assert.match((result.content[0] as { text: string }).text, /Long running operation completed/);
    // The SDK drops a progress notification that arrives in the same read as the answer (it handles notifications a
    // tick later than answers: typescript-sdk#2580), so the last step may be missing; the ones before arrive in order.
    const steps = progress.map(({ progress, total }) => [progress, total]);
    assert.ok(steps.length >= 3, `only ${steps.length} progress notifications arrived`);
    assert.deepEqual(
      steps,
      [1, 2, 3, 4].slice(0, steps.length).map((step) => [step, 4]),
    );
  });

  it("should give a call the server's log messages sent while it runs, and the host those sent between calls", async () => {
    const { ctx, logs } = recordingContext();
    const loggedBetweenCalls = new Promise<void>((resolve) => (nextLogBetweenCalls = resolve));
    // Starts the server's simulated logging: one message at once (during this call), then one every 5 s.
    await bridge.handleCall('toggle-simulated-logging', {}, req, ctx);
    try {
      assert.equal(logs.length, 1, 'the message sent during the call reaches the call');
      assert.match(String(logs[0].data), /level.message/ /* (its alert says "level-message") */);
      assert.equal(between.length, 0, 'and not the host');
      await loggedBetweenCalls;
      assert.match(String(between[0].data), /level.message/ /* (its alert says "level-message") */);
      assert.ok(
        ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].includes(between[0].level),
      );
    } finally {
      await bridge.handleCall('toggle-simulated-logging', {}, req, recordingContext().ctx);
    }
  });
});
