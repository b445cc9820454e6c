// What the CLI tells about the MCP server it fronts: its identity on the page (the `server` attribute, and the
// title unless --title is given), and its stderr, printed as `[mcp] <line>` and quoted in the error of a call it died
// during, with the secrets of the CLI's environment blanked out everywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '../../server/core/page/page.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { TALKATIVE, talkativeServer } from '../fixtures/mcp/talkative.js';
import { callTool, connected, serveCli, type Serving } from './run-cli.js';

const talkative = `"${process.execPath}" "${talkativeServer}"`;
const TOKEN = 'cli-fixture-token-8d1e77';

/** The page's title and the JSON of its <tool-console server="...">, read back as a browser would. */
async function pageFacts(cli: Serving): Promise<{ title: string | undefined; server: unknown }> {
  await connected(cli); // the page names the server once it has connected
  const html = await (await fetch(cli.url)).text();
  const raw = /<tool-console\s[^>]*\sserver="([^"]*)"/.exec(html)?.[1] ?? '';
  const unescaped = raw.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => {
    return { quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' }[name]!;
  });
  return { title: /<title>([^]*?)<\/title>/.exec(html)?.[1], server: unescaped ? JSON.parse(unescaped) : undefined };
}

/** Resolves once `check` holds, looking again every 20 ms; the test's own timeout bounds the wait. */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("tool-console shows the MCP server's identity", { concurrency: true }, () => {
  it('passes serverInfo, its icons and instructions to the page, and titles it after the server', async () => {
    const cli = await serveCli(['--stdio', talkative]);
    try {
      assert.deepEqual(await pageFacts(cli), {
        title: escapeHtml(TALKATIVE.serverInfo.title),
        // The fixture's server declares one https icon (an image by its extension): passed on as it is.
        server: {
          ...TALKATIVE.serverInfo,
          icons: [{ src: 'https://example.com/icon.png' }],
          instructions: TALKATIVE.instructions,
        },
      });
    } finally {
      await cli.stop();
    }
  });

  it('keeps --title over the server’s', async () => {
    const cli = await serveCli(['--stdio', talkative, '--title', 'My console']);
    try {
      const facts = await pageFacts(cli);
      assert.equal(facts.title, 'My console');
      assert.equal((facts.server as { name: string }).name, 'talkative');
    } finally {
      await cli.stop();
    }
  });

  it("titles the page after server-everything's title", async () => {
    const cli = await serveCli(['--stdio', `"${process.execPath}" "${everythingServer}"`]);
    try {
      const facts = await pageFacts(cli);
      assert.equal(facts.title, 'Everything Reference Server');
      assert.equal((facts.server as { name: string }).name, 'mcp-servers/everything');
    } finally {
      await cli.stop();
    }
  });

  it('says nothing of a server for the demo tools', async () => {
    const cli = await serveCli([]);
    try {
      assert.deepEqual(await pageFacts(cli), { title: 'MCP Tool Explorer', server: undefined });
    } finally {
      await cli.stop();
    }
  });
});

describe("tool-console shows the MCP server's stderr", () => {
  it('prints its lines as [mcp] <line>, and quotes its last ones when it dies during a call, secrets blanked', async () => {
    const cli = await serveCli(['--stdio', talkative, '--allow-execute'], {
      env: { ...process.env, FIXTURE_API_TOKEN: TOKEN },
    });
    try {
      assert.deepEqual(await callTool(cli, 'talk', { message: 'hello' }), {
        status: 200,
        body: { content: [{ type: 'text', text: 'said hello' }], isError: false },
      });
      await eventually(() => cli.output.stderr.includes('[mcp] talk: hello\n'));
      const died = await callTool(cli, 'crash');
      assert.equal(died.status, 500);
      assert.equal(died.body.isError, true);
      const text: string = died.body.content[0].text;
      assert.match(
        text,
        /^Lost the connection to the MCP server during the call \(.*\); the next request reconnects\./,
      );
      assert.ok(
        text.endsWith(
          "\n\nThe server's last words on stderr:\nnoise 08\nnoise 09\nnoise 10\nnoise 11\nnoise 12\nnoise 13\n" +
            'noise 14\nnoise 15\nnoise 16\nnoise 17\nnoise 18\nnoise 19\nnoise 20\nnoise 21\nnoise 22\nnoise 23\n' +
            'noise 24\nnoise 25\nfatal: out of widgets (token [redacted])\ngoodbye',
        ),
        text,
      );
      await eventually(() => cli.output.stderr.includes('[mcp] goodbye\n'));
      assert.match(cli.output.stderr, /^\[mcp\] fatal: out of widgets \(token \[redacted\]\)$/m);
      assert.ok(!`${cli.output.stdout}${cli.output.stderr}`.includes(TOKEN), 'the token reached the terminal');
      // Every line it printed is the server's, marked as such.
      assert.match(cli.output.stderr, /^(\[mcp\] .*\n)+$/);
    } finally {
      await cli.stop();
    }
  });
});
