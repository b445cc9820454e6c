// `tool-console --config` with a server behind OAuth beside a stdio one: the OAuth server authorizes through its own
// callback (`servers/<name>/oauth/callback`), the listing carries the link while it waits, and the stdio server works
// all along. The user's browser is played by following the redirects (oauth-setup.ts). No code or token is printed
// or listed.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import type { ServerListing } from '../../protocol/servers.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import {
  assertNoTokensPrinted,
  authorize,
  callBack,
  consoleUrl,
  startCli,
  startProtectedMcp,
  stopStarted,
  type OAuthCli,
  type ProtectedFixture,
} from '../fixtures/oauth/oauth-setup.js';
import { rawRequest } from '../server/helpers.js';
import { runCli } from './run-cli.js';

afterEach(stopStarted);

/** A config file with server-everything over stdio and `notion`, the server behind OAuth. */
function configWith(fixture: ProtectedFixture): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cli-many-oauth-'));
  const file = join(dir, 'mcp.json');
  const mcpServers = {
    everything: { command: process.execPath, args: [everythingServer] },
    notion: { url: fixture.mcpUrl },
  };
  writeFileSync(file, JSON.stringify({ mcpServers }));
  return { dir, file };
}

const start = (file: string, ...more: string[]) =>
  startCli(['--config', file, '--allow-execute', '--connect-timeout', '10000', ...more]);

async function listingText(url: string): Promise<string> {
  const answer = await fetch(`${url}servers`);
  assert.equal(answer.status, 200);
  return answer.text();
}

const serverOf = (text: string, name: string) =>
  (JSON.parse(text) as ServerListing).servers.find((server) => server.name === name)!;

async function call(url: string, server: string, tool: string, args: object = {}) {
  const answer = await fetch(`${url}servers/${server}/tools/${tool}/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: answer.status, body: await answer.json() };
}

/** The authorization URL the CLI printed for `name`, once it has. */
async function authorizationUrlOf(cli: OAuthCli, name: string): Promise<string> {
  return (await cli.waitFor(new RegExp(`tool-console: ${name}: authorize at (\\S+)\\n`)))[1]!;
}

/** Resolves once `file` exists with something in it (the opener has run). */
async function waitForFile(file: string): Promise<void> {
  const watcher = watch(join(file, '..'));
  const done = () => statSync(file, { throwIfNoEntry: false })?.size;
  if (done()) return;
  for await (const _ of watcher) if (done()) return;
}

/** Everything the authorization server handed out or was handed: none of it may be printed or listed. */
function assertNoSecretsIn(text: string, fixture: ProtectedFixture, codes: string[]): void {
  for (const token of fixture.as.accessTokens.keys()) assert.ok(!text.includes(token), 'an access token was shown');
  for (const code of codes) assert.ok(!text.includes(code), 'the authorization code was shown');
}

describe('tool-console --config with a server behind OAuth', { timeout: 30_000 }, () => {
  test('the listing links to the authorization, the callback completes it, and the stdio server works all along', async () => {
    const fixture = await startProtectedMcp();
    const { dir, file } = configWith(fixture);
    const store = join(dir, 'tokens.json');
    const cli = start(file, '--token-store', store);
    const url = await consoleUrl(cli);
    const port = Number(new URL(url).port);

    // Nothing is waiting yet: a callback is refused with a page that says so.
    const early = await fetch(`${url}servers/notion/oauth/callback?code=made-up&state=made-up`, { redirect: 'manual' });
    assert.equal(early.status, 400);
    assert.match(early.headers.get('content-type')!, /^text\/html/);
    assert.match(await early.text(), /No authorization is waiting/);

    // Opening the OAuth server starts it; its tools wait for the user.
    const tools = fetch(`${url}servers/notion/tools`);
    const authorizeAt = await authorizationUrlOf(cli, 'notion');
    const redirect = new URL(new URL(authorizeAt).searchParams.get('redirect_uri')!);
    assert.equal(redirect.href, `${url}servers/notion/oauth/callback`);
    const waiting = serverOf(await listingText(url), 'notion');
    assert.equal(waiting.status, 'connecting');
    assert.deepEqual(waiting.authorization, { url: authorizeAt });
    assert.equal(serverOf(await listingText(url), 'everything').authorization, undefined);

    // Meanwhile the stdio server answers.
    const echo = await call(url, 'everything', 'echo', { message: 'while it waits' });
    assert.equal(echo.status, 200);
    assert.match(JSON.stringify(echo.body), /while it waits/);

    // The callback answers only on the console's own host names, never on the sandbox's.
    const callbackUrl = await authorize(authorizeAt);
    const callbackPath = callbackUrl.slice(new URL(callbackUrl).origin.length);
    const rebound = await rawRequest(port, 'GET', callbackPath, { headers: { Host: 'rebound.example' } });
    assert.equal(rebound.status, 403);
    const sandbox = /tool UIs run sandboxed at (http\S+)/.exec(cli.output.stdout)![1]!;
    const sandboxPort = Number(new URL(sandbox).port);
    const onSandbox = await rawRequest(sandboxPort, 'GET', callbackPath, { headers: { Host: new URL(sandbox).host } });
    assert.equal(onSandbox.status, 404);

    // A wrong state is refused with the reason and a link to try again; the right answer still works after it.
    const wrong = new URL(callbackUrl);
    wrong.searchParams.set('state', 'not-the-state');
    const refused = await callBack(wrong.href);
    assert.equal(refused.status, 400);
    const refusedPage = await refused.text();
    assert.match(refusedPage, /does not belong to the authorization/);
    assert.match(refusedPage, /<a href="http:[^"]*"[^>]*>Try again<\/a>/);

    const back = await callBack(callbackUrl);
    assert.equal(back.status, 303);
    assert.equal(back.headers.get('location'), '/#server=notion');
    assert.equal(back.headers.get('cache-control'), 'no-store');
    assert.equal(back.headers.get('referrer-policy'), 'no-referrer');

    const listed = await tools;
    assert.equal(listed.status, 200);
    assert.ok(((await listed.json()) as { name: string }[]).some((tool) => tool.name === 'pid'));
    const ready = await listingText(url);
    assert.equal(serverOf(ready, 'notion').status, 'ready');
    assert.equal(serverOf(ready, 'notion').authorization, undefined);
    const pid = await call(url, 'notion', 'pid');
    assert.equal(pid.status, 200);
    assert.equal(pid.body.content[0].text, String(process.pid));
    assert.equal((await call(url, 'everything', 'echo', { message: 'still' })).status, 200);

    // A replayed callback finds nothing waiting.
    const replayed = await callBack(callbackUrl);
    assert.equal(replayed.status, 400);
    assert.match(await replayed.text(), /No authorization is waiting/);

    const code = new URL(callbackUrl).searchParams.get('code')!;
    assertNoSecretsIn(cli.output.stdout + cli.output.stderr + ready, fixture, [code]);
    assertNoTokensPrinted(cli, fixture);
    assert.equal(statSync(store).mode & 0o777, 0o600);
    assert.ok(readFileSync(store, 'utf8').includes(fixture.mcpUrl), 'the store keeps the server by its URL');
    assert.equal(await cli.stop(), 0);

    // With the token store, the next run is ready without asking the user again.
    const again = start(file, '--token-store', store);
    const second = await consoleUrl(again);
    assert.equal((await call(second, 'notion', 'pid')).status, 200);
    assert.equal(serverOf(await listingText(second), 'notion').status, 'ready');
    assert.doesNotMatch(again.output.stderr, /authorize at/);
    assert.equal(fixture.as.authorizations.length, 1);
  });

  test('--eager asks for the authorization at start, --scope is asked for, and --open opens it', async () => {
    const fixture = await startProtectedMcp();
    const { dir, file } = configWith(fixture);
    // The system's opener, played by a script that writes down the URL it was given.
    const opened = join(dir, 'opened.txt');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const cli = startCli(['--config', file, '--eager', '--scope', 'mcp:extra', '--open'], env);
    const url = await consoleUrl(cli);
    const authorizeAt = await authorizationUrlOf(cli, 'notion');
    assert.equal(new URL(authorizeAt).searchParams.get('scope'), 'mcp:extra');
    assert.deepEqual(serverOf(await listingText(url), 'notion').authorization, { url: authorizeAt });
    await waitForFile(opened);
    assert.equal(readFileSync(opened, 'utf8'), authorizeAt);
  });

  test('the flags that name one client are a usage error with many servers: choose the server', async () => {
    const fixture = await startProtectedMcp();
    const { file } = configWith(fixture);
    for (const flags of [
      ['--client-id', 'console'],
      ['--client-metadata-url', 'https://example.com/client.json'],
    ]) {
      const { code, stderr } = await runCli(['--config', file, ...flags]);
      assert.equal(code, 2, stderr);
      assert.match(
        stderr,
        new RegExp(`^tool-console: ${flags[0]} identifies one client: choose its server with --server`),
      );
    }
    // One server chosen is served as --url serves it, client flags and all.
    const one = start(file, '--server', 'notion', '--client-id', 'console');
    assert.match((await one.waitFor(/tool-console: authorize at (\S+)/))[1]!, /client_id=console/);
  });
});
