// The bridge's resources, templates, prompts and completion, seen through a real console (createServer) in front of
// a fixture server (2,500 resources over five pages, subscriptions, hostile strings, icons) and of the real
// server-everything: one MCP page per request with the cursor passed through, the server's errors as statuses,
// subscriptions and list changes reaching a watching page, and only safe icons passed on.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createServer } from '../../server/index.js';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { PAYLOADS } from '../security/payloads.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger } from '../server/helpers.js';

const catalogServer = fileURLToPath(new URL('../fixtures/mcp/catalog-server.js', import.meta.url));
const SAFE_ICON = { src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png', theme: 'dark' };

interface Fronted {
  bridge: McpBridge;
  base: string;
  get(path: string): Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post(path: string, body: unknown): Promise<{ status: number; json: any; text: string }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

async function front(args: string[]): Promise<Fronted> {
  const bridge = await connectMcp({ stdio: { command: process.execPath, args } }, { callTimeoutMs: 10_000 });
  const server: Server = createServer({ ...bridge, allowExecute: true, logger: recordingLogger() });
  const base = `http://127.0.0.1:${await listen(server)}`;
  return {
    bridge,
    base,
    get: async (path) => {
      const response = await fetch(`${base}${path}`);
      return { status: response.status, json: await response.json() };
    },
    post: async (path, body) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
    },
    close: async () => {
      await close(server);
      await bridge.close();
    },
  };
}

const offersOf = async (base: string) =>
  /<tool-console\s[^>]*\soffers="([^"]*)"/.exec(await (await fetch(`${base}/`)).text())?.[1];

describe('the bridge in front of a server with 2,500 resources, subscriptions and hostile strings', () => {
  let fronted: Fronted;
  before(async () => (fronted = await front([catalogServer])));
  after(() => fronted.close());

  const asked = async (): Promise<string[]> =>
    JSON.parse((await fronted.post('/tools/asked/call', {})).json.content[0].text);

  it('should page through the resources one MCP page per request, passing the cursor through', async () => {
    const before = (await asked()).filter((line) => line.startsWith('resources/list')).length;
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await fronted.get(
        `/resources${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
      );
      assert.equal(page.status, 200);
      assert.ok(page.json.resources.length <= 500);
      uris.push(...page.json.resources.map((resource: { uri: string }) => resource.uri));
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor !== undefined);
    assert.equal(pages, 5);
    assert.equal(new Set(uris).size, 2_500);
    const listings = (await asked()).filter((line) => line.startsWith('resources/list')).slice(before);
    assert.deepEqual(listings, [
      'resources/list',
      'resources/list 500',
      'resources/list 1000',
      'resources/list 1500',
      'resources/list 2000',
    ]);
  });

  it("should answer 400 with the server's words for a cursor it refuses", async () => {
    const answer = await fronted.get('/resources?cursor=nonsense');
    assert.equal(answer.status, 400);
    assert.match(answer.json.error, /Invalid cursor/);
  });

  it('should pass hostile names, URIs and MIME types on as the same text, and only the safe icon', async () => {
    const [first] = (await fronted.get('/resources')).json.resources;
    assert.deepEqual(first, {
      uri: `fixture://hostile/0?${PAYLOADS[0]}`,
      name: PAYLOADS[0],
      title: PAYLOADS[0],
      mimeType: `text/${PAYLOADS[0]}`,
      icons: [SAFE_ICON],
    });
    assert.deepEqual((await fronted.get('/resource-templates')).json, {
      resourceTemplates: [
        { uriTemplate: 'fixture://notes/{index}', name: PAYLOADS[3], mimeType: 'text/plain', icons: [SAFE_ICON] },
      ],
    });
    assert.deepEqual((await fronted.get('/tools')).json[0].icons, [SAFE_ICON]);
    assert.deepEqual(fronted.bridge.serverInfo?.icons, [SAFE_ICON]);
  });

  it("should list the prompts, answer one, and get its messages, with the server's errors as 404 and 400", async () => {
    const { prompts } = (await fronted.get('/prompts')).json;
    assert.deepEqual(
      prompts.map((prompt: { name: string }) => prompt.name),
      ['echo', PAYLOADS[0]],
    );
    const echo = await fronted.get('/prompts/echo');
    assert.deepEqual(echo.json.arguments, [
      { name: 'text', description: 'What to say', required: true },
      { name: 'mood' },
    ]);
    const got = await fronted.post('/prompts/echo/get', { arguments: { text: 'hi', mood: 'calm' } });
    assert.equal(got.status, 200);
    assert.deepEqual(got.json.messages, [{ role: 'assistant', content: { type: 'text', text: 'calm: hi' } }]);
    const missing = await fronted.post('/prompts/echo/get', {});
    assert.equal(missing.status, 400);
    assert.match(missing.json.error, /Missing required argument: text/);
    const hostile = await fronted.post(`/prompts/${encodeURIComponent(PAYLOADS[0]!)}/get`, {});
    assert.deepEqual(
      hostile.json.messages.map((message: { content: { text: string } }) => message.content.text),
      PAYLOADS,
    );
    assert.equal((await fronted.post('/prompts/nope/get', {})).status, 404);
  });

  it('should complete with the context, and pass hostile suggestions on as text', async () => {
    const request = { ref: { type: 'ref/prompt', name: 'echo' }, argument: { name: 'mood', value: 'h' } };
    const plain = await fronted.post('/completion', request);
    assert.deepEqual(plain.json, { completion: { values: ['happy', 'hopeful'], total: 2, hasMore: false } });
    const narrowed = await fronted.post('/completion', { ...request, context: { arguments: { text: 'hi' } } });
    assert.deepEqual(narrowed.json.completion.values, ['happy hi', 'hopeful hi']);
    const hostile = await fronted.post('/completion', { ...request, argument: { name: 'mood', value: 'hostile' } });
    assert.deepEqual(hostile.json.completion.values, PAYLOADS);
  });

  it('should subscribe once however many pages ask, bring the updates to a watching page, and tell of list changes', async () => {
    const response = await fetch(`${fronted.base}/tools`, { headers: { Accept: 'text/event-stream' } });
    const events = new EventReader(response.body!);
    try {
      assert.equal((await events.next())?.event, 'tools-changed');
      const uri = 'fixture://notes/42';
      assert.equal((await fronted.post('/resources/subscribe', { uri })).status, 204);
      assert.deepEqual(await events.next(), { event: 'resource-updated', data: { uri } });
      assert.equal((await fronted.post('/resources/subscribe', { uri })).status, 204);
      assert.equal((await fronted.post('/resources/unsubscribe', { uri })).status, 204);
      assert.equal((await fronted.post('/resources/unsubscribe', { uri })).status, 204);
      const subscriptions = (await asked()).filter((line) => line.endsWith(uri));
      assert.deepEqual(subscriptions, [`subscribe ${uri}`, `unsubscribe ${uri}`]);
      await fronted.post('/tools/change-lists/call', {});
      const changes = [(await events.next())?.event, (await events.next())?.event];
      assert.deepEqual(changes, ['resources-changed', 'prompts-changed']);
    } finally {
      await events.cancel();
    }
  });

  it('should tell the page it offers resources, prompts, completions and subscriptions', async () => {
    assert.equal(await offersOf(fronted.base), 'resources prompts completions subscriptions');
  });
});

describe('the bridge in front of server-everything', () => {
  let fronted: Fronted;
  before(async () => (fronted = await front([everythingServer, 'stdio'])));
  after(() => fronted.close());

  it('should list its resources page by page and its templates', async () => {
    const first = await fronted.get('/resources');
    assert.equal(first.status, 200);
    assert.ok(first.json.resources.length > 0);
    assert.ok(first.json.resources.every((resource: { uri: string; name: string }) => resource.uri && resource.name));
    if (first.json.nextCursor) {
      const next = await fronted.get(`/resources?cursor=${encodeURIComponent(first.json.nextCursor)}`);
      assert.equal(next.status, 200);
      assert.notDeepEqual(next.json.resources, first.json.resources);
    }
    const templates = (await fronted.get('/resource-templates')).json.resourceTemplates;
    assert.ok(
      templates.length > 0 &&
        templates.every((template: { uriTemplate: string }) => template.uriTemplate.includes('{')),
    );
  });

  it('should get its prompts, with arguments, and complete one argument from another', async () => {
    const { prompts } = (await fronted.get('/prompts')).json;
    const completable = prompts.find((prompt: { name: string }) => prompt.name === 'completable-prompt');
    assert.deepEqual(
      completable.arguments.map((argument: { name: string }) => argument.name),
      ['department', 'name'],
    );
    const ref = { type: 'ref/prompt', name: 'completable-prompt' };
    const department = await fronted.post('/completion', { ref, argument: { name: 'department', value: 'E' } });
    assert.deepEqual(department.json.completion.values, ['Engineering']);
    const name = await fronted.post('/completion', {
      ref,
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Sales' } },
    });
    assert.deepEqual(name.json.completion.values, ['David', 'Eve', 'Frank']);
    const got = await fronted.post('/prompts/completable-prompt/get', {
      arguments: { department: 'Sales', name: 'Eve' },
    });
    assert.equal(got.status, 200);
    assert.match(got.json.messages[0].content.text, /promote Eve to the head of the Sales team/);
  });

  it('should subscribe to and unsubscribe from a resource, and offer everything it has', async () => {
    const uri = (await fronted.get('/resources')).json.resources[0].uri;
    assert.equal((await fronted.post('/resources/subscribe', { uri })).status, 204);
    assert.equal((await fronted.post('/resources/unsubscribe', { uri })).status, 204);
    assert.equal(await offersOf(fronted.base), 'resources prompts completions subscriptions');
  });
});
