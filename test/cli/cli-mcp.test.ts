// The CLI in front of real MCP servers: the fixture and server-everything over stdio, the fixture over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { everythingServer, fixtureStdioServer, processGone } from '../fixtures/mcp/paths.js';
import { serveCli, type Serving } from './run-cli.js';

// Paths may contain spaces: quote them the way a user would in a shell.
const fixtureCommand = `"${process.execPath}" "${fixtureStdioServer}"`;

async function callTool(cli: Serving, name: string, args: object = {}) {
  const response = await fetch(`${cli.url}tools/${encodeURIComponent(name)}/call`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) });
  return { status: response.status, body: (await response.json()) as { content: { text?: string }[]; error?: string } };
}

describe('tool-console --stdio', () => {
  it('should keep execution off without --allow-execute', async () => {
    const cli = await serveCli(['--stdio', fixtureCommand]);
    try {
      assert.match(cli.output.stdout, /execution disabled/);
      assert.equal((await (await fetch(`${cli.url}tools`)).json()).length, 25);
      assert.equal((await callTool(cli, 'pid')).status, 403);
    } finally {
      await cli.stop();
    }
  });

  it('should run tools with --allow-execute and stop the MCP server on SIGTERM', async () => {
    const cli = await serveCli(['--stdio', fixtureCommand, '--allow-execute']);
    const { status, body } = await callTool(cli, 'pid');
    assert.equal(status, 200);
    const pid = Number(body.content[0].text);
    assert.ok(pid > 0 && !processGone(pid));
    assert.equal(await cli.stop(), 0);
    assert.ok(processGone(pid), 'the MCP server process is gone');
  });

  it('should keep serving when the MCP server dies, and reconnect', async () => {
    const cli = await serveCli(['--stdio', fixtureCommand, '--allow-execute']);
    try {
      const died = await callTool(cli, 'die');
      assert.equal(died.status, 500);
      assert.match(died.body.content[0].text ?? '', /connection/i);
      assert.equal((await callTool(cli, 'pid')).status, 200);
    } finally {
      await cli.stop();
    }
  });

  it('should front server-everything end to end', async () => {
    const cli = await serveCli(['--stdio', `"${process.execPath}" "${everythingServer}"`, '--allow-execute']);
    try {
      const tools = (await (await fetch(`${cli.url}tools`)).json()) as { name: string }[];
      assert.ok(tools.some((tool) => tool.name === 'get-tiny-image'));
      const echo = await callTool(cli, 'echo', { message: 'through the console' });
      assert.deepEqual(echo, { status: 200, body: { content: [{ type: 'text', text: 'Echo: through the console' }], isError: false } });
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });
});

describe('tool-console --url', () => {
  let fixture: HttpFixture;
  before(async () => {
    fixture = await startHttpFixture(['Authorization', 'Bearer t0ken']);
  });
  after(() => fixture.close());

  it('should connect with --header and run tools', async () => {
    const cli = await serveCli(['--url', fixture.url, '--header', 'Authorization: Bearer t0ken', '--allow-execute']);
    try {
      const { status, body } = await callTool(cli, 'headers');
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(JSON.parse(body.content[0].text ?? '{}').authorization, 'Bearer t0ken');
    } finally {
      await cli.stop();
    }
  });
});
