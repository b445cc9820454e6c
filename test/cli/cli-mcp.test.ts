// The CLI in front of real MCP servers: the fixture and server-everything over stdio, the fixture over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { everythingServer, fixtureStdioServer, processGone } from '../fixtures/mcp/paths.js';
import { callTool, serveCli } from './run-cli.js';

// Paths may contain spaces: quote them the way a user would in a shell.
const fixtureCommand = `"${process.execPath}" "${fixtureStdioServer}"`;

describe('tool-console --stdio', () => {
  it('should keep execution off without --allow-execute', async () => {
    const cli = await serveCli(['--stdio', fixtureCommand]);
    try {
      assert.match(cli.output.stdout, /execution disabled/);
      assert.equal((await (await fetch(`${cli.url}tools`)).json()).length, 25);
      assert.deepEqual(await callTool(cli, 'pid'), { status: 403, body: { error: 'Tool execution is disabled.' } });
    } finally {
      await cli.stop();
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`should run tools with --allow-execute and stop with its MCP server on ${signal}`, async () => {
      const cli = await serveCli(['--stdio', fixtureCommand, '--allow-execute']);
      const { status, body } = await callTool(cli, 'pid');
      assert.equal(status, 200);
      const pid = Number(body.content[0].text);
      assert.ok(pid > 0 && !processGone(pid));
      assert.equal(await cli.stop(signal), 0);
      assert.ok(processGone(pid), 'the MCP server process is gone');
    });
  }

  it('should split the command like a shell: quotes and backslashes, nothing expanded', async () => {
    const words = String.raw`plain 'single quoted' "double \"quoted\"" back\ slash 'it'\''s' "a\\b" "keep\n" 'c:\dir' "$HOME" \$x "" ''`;
    const cli = await serveCli(['--stdio', `${fixtureCommand} ${words}`, '--allow-execute']);
    try {
      const { body } = await callTool(cli, 'argv');
      assert.deepEqual(JSON.parse(body.content[0].text), [
        'plain',
        'single quoted',
        'double "quoted"',
        'back slash',
        "it's",
        'a\\b',
        'keep\\n',
        'c:\\dir',
        '$HOME',
        '$x',
        '',
        '',
      ]);
    } finally {
      await cli.stop();
    }
  });

  it("should give the MCP server the CLI's whole environment", async () => {
    const cli = await serveCli(['--stdio', fixtureCommand, '--allow-execute'], {
      env: { ...process.env, TOOL_CONSOLE_TEST_INHERITED: 'from the shell' },
    });
    try {
      const env = JSON.parse((await callTool(cli, 'env')).body.content[0].text);
      assert.equal(env.TOOL_CONSOLE_TEST_INHERITED, 'from the shell');
    } finally {
      await cli.stop();
    }
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
      assert.deepEqual(echo, {
        status: 200,
        body: { content: [{ type: 'text', text: 'Echo: through the console' }], isError: false },
      });
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });
});

describe('tool-console --url', () => {
  let fixture: HttpFixture;
  before(async () => {
    fixture = await startHttpFixture({ requiredHeader: ['Authorization', 'Bearer t0ken'] });
  });
  after(() => fixture.close());

  it('should send every repeated --header with every request, and run tools', async () => {
    const cli = await serveCli([
      '--url',
      fixture.url,
      '--header',
      'Authorization: Bearer t0ken',
      '--header',
      'X-Tenant:  blue team  ',
      '--allow-execute',
    ]);
    try {
      const { status, body } = await callTool(cli, 'headers');
      assert.equal(status, 200, JSON.stringify(body));
      const seenByTool = JSON.parse(body.content[0].text ?? '{}');
      assert.equal(seenByTool.authorization, 'Bearer t0ken');
      assert.equal(seenByTool['x-tenant'], 'blue team');
      // initialize, initialized, tools/list pages, the call (and the event stream): every one carried both.
      assert.ok(fixture.received.length >= 4, `${fixture.received.length} requests`);
      for (const headers of fixture.received) {
        assert.equal(headers.authorization, 'Bearer t0ken');
        assert.equal(headers['x-tenant'], 'blue team');
      }
    } finally {
      await cli.stop();
    }
  });
});
