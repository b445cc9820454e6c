// The CLI turns on the /server routes (issue 30): with --allow-execute its page offers the server panes and they answer
// the server's state, log and controls; without it they are refused like a call; and a server that cannot be started
// is explained there too, with Retry (reconnect) answering the doctor's sentence and diagnosis again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProtocolLogExport, ServerState } from '../../protocol/index.js';
import { exitsAtOnceServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { connected, ownStderrLine, serveCli } from './run-cli.js';

const offersOf = async (url: string) =>
  /<tool-console\s[^>]*\soffers="([^"]*)"/.exec(await (await fetch(url)).text())?.[1];
const post = (url: string) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });

describe('tool-console and the /server routes', { concurrency: true, timeout: 30_000 }, () => {
  it('offers the server panes with --allow-execute, and answers them', async () => {
    const cli = await serveCli(['--stdio', `"${process.execPath}" "${fixtureStdioServer}"`, '--allow-execute']);
    try {
      await connected(cli);
      assert.match((await offersOf(cli.url)) ?? '', /\binspect\b/);
      const state = (await (await fetch(`${cli.url}server`)).json()) as ServerState;
      assert.deepEqual([state.connected, state.name, state.transport], [true, 'fixture', 'stdio']);
      const log = (await (await fetch(`${cli.url}server/log?method=tools/list`)).json()) as ProtocolLogExport;
      assert.ok(log.entries.some((entry) => entry.direction === 'received' && entry.kind === 'response'));
      const restarted = await post(`${cli.url}server/restart`);
      assert.equal(restarted.status, 200);
      assert.equal(((await restarted.json()) as ServerState).connected, true);
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });

  it('refuses them without --allow-execute, and does not offer them', async () => {
    const cli = await serveCli(['--stdio', `"${process.execPath}" "${fixtureStdioServer}"`]);
    try {
      await connected(cli);
      assert.doesNotMatch((await offersOf(cli.url)) ?? '', /\binspect\b/);
      const refused = await fetch(`${cli.url}server/log`);
      assert.equal(refused.status, 403);
      assert.deepEqual(await refused.json(), { error: 'Tool execution is disabled.' });
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });

  it('explains a server that cannot be started, and Retry says it again', async () => {
    const cli = await serveCli(['--stdio', `"${process.execPath}" "${exitsAtOnceServer}"`, '--allow-execute']);
    try {
      const sentence = (await ownStderrLine(cli)).replace(/^tool-console: /, '');
      const state = (await (await fetch(`${cli.url}server`)).json()) as ServerState;
      assert.equal(state.connected, false);
      assert.deepEqual([state.diagnosis?.reason, state.diagnosis?.sentence], ['exited', sentence]);
      assert.deepEqual(state.stderr, ['starting', 'config.json: no such file or directory']);
      const retried = await post(`${cli.url}server/reconnect`);
      assert.equal(retried.status, 502);
      const body = (await retried.json()) as { error: string; diagnosis: { reason: string } };
      assert.deepEqual([body.error, body.diagnosis.reason], [sentence, 'exited']);
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });
});
