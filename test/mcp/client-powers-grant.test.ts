// What the console offers a server as its client (client-powers.ts), seen from a real SDK server linked in memory:
// the capabilities it declares (roots only when it has some), its roots as `roots/list` answers them, the server's
// questions and sampling requests handed to the console with their signal, questions asked as tasks answered with the
// task and then followed through `tasks/*`, and the server's log messages and URL-question completions passed on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { BridgeClient } from '../../server/mcp/bridge-client.js';
import { clientCapabilities, grantPowers, rootsOf, type ClientPowers } from '../../server/mcp/client-powers.js';
import { ClientTaskStore } from '../../server/mcp/client-tasks.js';

const EVERYTHING_BUT_ROOTS = {
  elicitation: { form: { applyDefaults: true }, url: {} },
  sampling: {},
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } },
  extensions: {
    'io.modelcontextprotocol/tasks': {},
    'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
  },
};

describe('clientCapabilities and rootsOf', () => {
  it('should declare roots only when there are some, and everything else always', () => {
    assert.deepEqual(clientCapabilities({ roots: [] }), EVERYTHING_BUT_ROOTS);
    assert.deepEqual(clientCapabilities({ roots: ['.'] }), { ...EVERYTHING_BUT_ROOTS, roots: {} });
  });

  it('should offer each root as the file: URL of its absolute path, named after its last part', () => {
    assert.deepEqual(rootsOf({ roots: [] }), []);
    assert.deepEqual(rootsOf({ roots: ['.', '/srv/data'] }), [
      { uri: pathToFileURL(resolve('.')).href, name: basename(resolve('.')) },
      { uri: 'file:///srv/data', name: 'data' },
    ]);
  });
});

interface Heard {
  elicit: unknown[];
  sample: unknown[];
  logs: unknown[];
  completed: string[];
  signals: AbortSignal[];
}

/** A client with the console's powers linked to a real SDK server; what the console was handed lands in `heard`. */
async function linked(roots: string[], answers: Partial<Pick<ClientPowers, 'onElicit' | 'onSample'>> = {}) {
  const heard: Heard = { elicit: [], sample: [], logs: [], completed: [], signals: [] };
  const powers: ClientPowers = {
    roots,
    logLevel: 'info',
    onLog: (message) => heard.logs.push(message),
    onElicit:
      answers.onElicit ??
      (async (params, signal) => {
        heard.elicit.push(params);
        heard.signals.push(signal);
        return { action: 'accept', content: { name: 'Ada' } };
      }),
    onSample:
      answers.onSample ??
      (async (params, signal) => {
        heard.sample.push(params);
        heard.signals.push(signal);
        return { role: 'assistant', content: { type: 'text', text: 'Hello.' }, model: 'the user' };
      }),
    onElicitationComplete: (id) => heard.completed.push(id),
    onToolsChanged: () => {},
    onResourcesChanged: () => {},
    onPromptsChanged: () => {},
    onResourceUpdated: () => {},
  };
  const client = new BridgeClient({ name: 'test', version: '1' }, { capabilities: clientCapabilities(powers) });
  grantPowers(client, powers, new ClientTaskStore());
  const server = new Server({ name: 'asker', version: '1' }, { capabilities: { logging: {} } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { server, heard, close: () => client.close() };
}

describe('grantPowers', () => {
  it("should answer roots/list with the roots, and the server's questions with the console's answers", async () => {
    const { server, heard, close } = await linked(['/srv/data']);
    try {
      assert.deepEqual(await server.listRoots(), { roots: [{ uri: 'file:///srv/data', name: 'data' }] });
      // The SDK's check of the answer fills in the defaults the user left out (applyDefaults).
      const properties = { name: { type: 'string' as const }, mood: { type: 'string' as const, default: 'calm' } };
      const question = { message: 'Your name?', requestedSchema: { type: 'object' as const, properties } };
      assert.deepEqual(await server.elicitInput(question), {
        action: 'accept',
        content: { name: 'Ada', mood: 'calm' },
      });
      assert.equal((heard.elicit[0] as { message: string }).message, 'Your name?');
      const reply = await server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
        maxTokens: 10,
      });
      assert.deepEqual(reply, { role: 'assistant', content: { type: 'text', text: 'Hello.' }, model: 'the user' });
      assert.equal((heard.sample[0] as { maxTokens: number }).maxTokens, 10);
      assert.ok(heard.signals.every((signal) => signal instanceof AbortSignal && !signal.aborted));
    } finally {
      await close();
    }
  });

  it('should not answer roots/list without roots to offer', async () => {
    const { server, close } = await linked([]);
    try {
      await assert.rejects(server.listRoots(), /Method not found/);
    } finally {
      await close();
    }
  });

  it("should pass on the server's log messages and its completed URL questions", async () => {
    const { server, heard, close } = await linked([]);
    try {
      await server.sendLoggingMessage({ level: 'warning', logger: 'db', data: 'slow query' });
      await server.notification({
        method: 'notifications/elicitation/complete',
        params: { elicitationId: 'q-1' },
      });
      await server.request({ method: 'ping' });
      assert.deepEqual(heard.logs, [{ level: 'warning', logger: 'db', data: 'slow query' }]);
      assert.deepEqual(heard.completed, ['q-1']);
    } finally {
      await close();
    }
  });

  it('should answer a question asked as a task with the task, and the answer through tasks/get and tasks/result', async () => {
    const { server, heard, close } = await linked([]);
    const anything = z.looseObject({});
    const ask = (method: string, params: object) => server.request({ method, params } as never, anything);
    const question = { message: 'Your name?', requestedSchema: { type: 'object', properties: {} } };
    try {
      const asked = (await ask('elicitation/create', { ...question, task: { ttl: 60_000 } })) as {
        task: { taskId: string; status: string; ttl: number };
      };
      assert.equal(asked.task.ttl, 60_000);
      assert.equal(typeof asked.task.taskId, 'string');
      const { taskId } = asked.task;
      assert.deepEqual(await ask('tasks/result', { taskId }), {
        action: 'accept',
        content: { name: 'Ada' },
        _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
      });
      assert.equal(((await ask('tasks/get', { taskId })) as { status: string }).status, 'completed');
      assert.equal((heard.elicit[0] as { message: string }).message, 'Your name?');

      const sampling = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 };
      const sampled = (await ask('sampling/createMessage', { ...sampling, task: {} })) as { task: { taskId: string } };
      const listed = (await ask('tasks/list', {})) as { tasks: { taskId: string }[] };
      assert.deepEqual(listed.tasks.map((task) => task.taskId).sort(), [taskId, sampled.task.taskId].sort());
      assert.equal(
        ((await ask('tasks/result', { taskId: sampled.task.taskId })) as { model: string }).model,
        'the user',
      );
      assert.equal((heard.sample[0] as { maxTokens: number }).maxTokens, 5);
      await assert.rejects(ask('tasks/cancel', { taskId: 'no-such-task' }), /no-such-task/);
      await assert.rejects(ask('tasks/get', undefined as never), /Task undefined not found|undefined/);
      await assert.rejects(ask('tasks/get', { taskId: 'no-such-task' }), /no-such-task/);
    } finally {
      await close();
    }
  });

  it("should check an answer not asked as a task against the question's shape", async () => {
    const bogus = async () => ({ action: 'maybe' }) as never;
    const { server, close } = await linked([], { onElicit: bogus, onSample: bogus });
    try {
      const question = { message: 'Your name?', requestedSchema: { type: 'object' as const, properties: {} } };
      await assert.rejects(server.elicitInput(question));
      const sampling = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }] };
      await assert.rejects(server.createMessage({ ...sampling, maxTokens: 5 }));
    } finally {
      await close();
    }
  });
});
