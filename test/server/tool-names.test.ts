// Every tool name round-trips as one path segment from the URLs the elements build to the server and back. Node's
// fetch parses URLs exactly as a browser does (it removes `.` and `..` segments, `%2E` spellings included), so this
// is what the page would reach: the detail of that very tool, and a call and a validation that reach that very tool.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ApiError, ToolApi } from '../../elements/api.js';
import { AWKWARD_NAMES } from '../fixtures/tool-names.js';
import { close, listen } from '../support/listen.js';
import { startConsole, type RunningConsole } from './helpers.js';

describe('awkward tool names', () => {
  let app: RunningConsole;
  let api: ToolApi;
  const called: { name: string; authorization: unknown }[] = [];

  before(async () => {
    app = await startConsole({
      allowExecute: true,
      tools: AWKWARD_NAMES.map((name) => ({
        name,
        description: `the tool ${JSON.stringify(name)}`,
        inputSchema: { type: 'object' },
      })),
      handleCall: async (name, _args, req) => {
        called.push({ name, authorization: req?.headers.authorization });
        return [[{ type: 'text', text: `ran ${name}` }], false];
      },
    });
    api = new ToolApi('tools', `http://127.0.0.1:${app.port}/`);
    api.token = 'tok-42';
  });
  after(() => app.close());

  for (const name of AWKWARD_NAMES) {
    it(`reaches ${JSON.stringify(name)} itself: detail, validate and call with the token`, async () => {
      const detail = await api.getTool(name);
      assert.equal(detail.name, name);
      assert.equal(detail.description, `the tool ${JSON.stringify(name)}`);
      assert.deepEqual(await api.validate(name, {}), { valid: true });
      called.length = 0;
      const outcome = await api.call(name, {});
      assert.equal(outcome.status, 200);
      assert.deepEqual(outcome.result.content, [{ type: 'text', text: `ran ${name}` }]);
      assert.deepEqual(called, [{ name, authorization: 'Bearer tok-42' }]);
    });
  }

  it('gives the %FF marker no meaning outside `.` and `..`: every other name keeps its one spelling', async () => {
    for (const path of ['/tools/%FFa.b', '/tools/%FF...', '/tools/%FF', '/tools/%FF%2Fx/call']) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 400, path);
      assert.deepEqual(answer.json, { error: 'Malformed percent-encoding in the URL.' });
    }
    for (const [path, name] of [
      ['/tools/%ff%2e', '.'],
      ['/tools/%FF.%2E', '..'],
      ['/tools/%25FF.', '%FF.'],
    ]) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.json.name, name);
    }
  });
});

describe('a detail answer that is not the tool asked for', () => {
  // A backend (or a proxy before it) that answers the detail URL with a page or another tool: Execute would post to
  // the URL of whatever name that answer carries, so it never becomes the form.
  for (const [label, type, body] of [
    ['an HTML page', 'text/html', '<!doctype html><title>page</title>'],
    ['another tool', 'application/json', '{"name":"delete_everything","description":"","inputSchema":{}}'],
    ['a JSON array', 'application/json', '[]'],
  ]) {
    it(`is refused when it is ${label}`, async () => {
      const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': type }).end(body));
      const port = await listen(server);
      try {
        const api = new ToolApi('tools', `http://127.0.0.1:${port}/`);
        await assert.rejects(api.getTool('get_weather'), (error: unknown) => {
          assert.ok(error instanceof ApiError);
          assert.equal(error.message, "The server's answer for “get_weather” is not that tool's detail.");
          return true;
        });
      } finally {
        await close(server);
      }
    });
  }
});
