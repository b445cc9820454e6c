// A stdio MCP server's stderr through the bridge: handed on line by line with secrets blanked out, and quoted (its
// last 20 lines) in the error of a call during which the server died, so the page says more than "lost the
// connection".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectMcp } from '../../server/mcp/index.js';
import { announcements } from '../fixtures/mcp/announcements.js';
import { talkativeServer } from '../fixtures/mcp/talkative.js';
import { callTool, textOf } from './call-bridge.js';

const TOKEN = 'fixture-token-5f3a9c';

/** The crash's noise lines that are still among the last 20, then its fatal line and its unfinished goodbye. */
const lastWords = (token: string) => [
  ...Array.from({ length: 18 }, (_, i) => `noise ${String(i + 8).padStart(2, '0')}`),
  `fatal: out of widgets (token ${token})`,
  'goodbye',
];

describe('connectMcp: stderr', () => {
  it('should quote the last 20 lines of a server that died during the call, its secrets blanked out', async () => {
    // Lines as they are handed on (stderr and the answers on stdout are separate pipes: wait, do not assume order).
    const lines = announcements();
    const bridge = await connectMcp(
      { stdio: { command: process.execPath, args: [talkativeServer], env: { FIXTURE_API_TOKEN: TOKEN } } },
      { secrets: [TOKEN], onStderrLine: (line) => lines.onStderr(`${line}\n`) },
    );
    try {
      assert.equal(textOf(await callTool(bridge, 'talk', { message: 'hello' })), 'said hello');
      await lines.waitFor(/^talk: hello\n/m);
      assert.equal(lines.text, 'talkative: started\ntalk: hello\n');
      const died = await callTool(bridge, 'crash');
      assert.equal(died.isError, true);
      assert.equal(
        textOf(died),
        'Lost the connection to the MCP server during the call (Connection closed); the next ' +
          "request reconnects.\n\nThe server's last words on stderr:\n" +
          lastWords('[redacted]').join('\n'),
      );
      // Its unfinished last line is handed on when its stderr ends; by then everything it wrote has been.
      await lines.waitFor(/^goodbye\n/m);
      assert.ok(!lines.text.includes(TOKEN), 'the token reached onStderrLine');
      assert.match(lines.text, /^fatal: out of widgets \(token \[redacted\]\)$/m);
      // The next call starts a new process, whose words do not mix with the last one's.
      assert.equal(textOf(await callTool(bridge, 'talk', { message: 'again' })), 'said again');
      const again = await callTool(bridge, 'crash');
      assert.match(textOf(again), /last words on stderr:\nnoise 08\n/);
      assert.doesNotMatch(textOf(again), /talk: again|talkative: started/);
    } finally {
      await bridge.close();
    }
  });

  it('should quote them as they are when no secrets are configured', async () => {
    const bridge = await connectMcp({
      stdio: { command: process.execPath, args: [talkativeServer], env: { FIXTURE_API_TOKEN: TOKEN } },
    });
    try {
      const text = textOf(await callTool(bridge, 'crash'));
      assert.ok(text.endsWith(`stderr:\n${lastWords(TOKEN).join('\n')}`), text);
    } finally {
      await bridge.close();
    }
  });
});
