// The title and serverInfo options given as functions, when the function lets the page down: an empty or non-string
// title, a title or server function that throws, a server function that returns a bad object. The page shows the
// default title or no server, and the host's log says which option failed and why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerInfo } from '../../server/index.js';
import { startConsole } from './helpers.js';

// A page of its own, so the test needs no built page; the functions are asked at startup and at each request.
const pageFiles = { 'index.html': '<title><<TITLE>></title><tool-console server="<<SERVER>>"></tool-console>' };

/** The first line of each distinct warning, in the order first logged. */
const warnings = (lines: { level: string; text: string }[]) => [
  ...new Set(lines.filter((line) => line.level === 'warn').map((line) => line.text.split('\n')[0])),
];

describe('title and serverInfo functions that let the page down', () => {
  it('shows the default title for an empty or non-string title', async () => {
    let title: unknown = '';
    const app = await startConsole({ pageFiles, title: () => title as string });
    try {
      assert.equal((await app.request('GET', '/console')).json.title, 'MCP Tool Explorer');
      title = 42;
      assert.equal((await app.request('GET', '/console')).json.title, 'MCP Tool Explorer');
      title = 'Mine';
      assert.equal((await app.request('GET', '/console')).json.title, 'Mine');
    } finally {
      await app.close();
    }
  });

  it('shows the default title and no server when the functions throw, and logs which one failed', async () => {
    const app = await startConsole({
      pageFiles,
      title: () => {
        throw new Error('no title today');
      },
      serverInfo: () => {
        throw new Error('not connected');
      },
    });
    try {
      assert.deepEqual((await app.request('GET', '/console')).json, { title: 'MCP Tool Explorer', offers: '' });
      assert.deepEqual(warnings(app.logger.lines), [
        'tool-console: the title option failed: Error: no title today',
        'tool-console: the serverInfo option failed: Error: not connected',
      ]);
    } finally {
      await app.close();
    }
  });

  it('shows no server for a bad object from the function, and logs why', async () => {
    const app = await startConsole({
      pageFiles,
      title: 'Mine',
      serverInfo: () => ({ name: 5 }) as unknown as ServerInfo,
    });
    try {
      assert.deepEqual((await app.request('GET', '/console')).json, { title: 'Mine', offers: '' });
      assert.deepEqual(warnings(app.logger.lines), [
        'tool-console: the serverInfo option failed: TypeError: tool-console: serverInfo must be an object with a string name',
      ]);
    } finally {
      await app.close();
    }
  });
});
