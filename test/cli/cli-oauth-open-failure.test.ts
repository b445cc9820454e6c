// --open with an opener that fails: the CLI says so in one line after the authorization URL it printed, and goes on
// (the user copies the URL instead); the authorization still completes and the console serves.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import {
  authorizationUrl,
  authorizeAsUser,
  consoleUrl,
  startCli,
  startProtectedMcp,
  stopStarted,
} from '../fixtures/oauth/oauth-setup.js';

afterEach(stopStarted);

describe('tool-console --url --open', { timeout: 20_000 }, () => {
  test('says the browser could not be opened, and still authorizes with the printed URL', async () => {
    const fixture = await startProtectedMcp();
    const bin = mkdtempSync(join(tmpdir(), 'tool-console-broken-opener-'));
    writeFileSync(join(bin, 'xdg-open'), '#!/bin/sh\nexit 4\n', { mode: 0o755 });
    const cli = startCli(['--url', fixture.mcpUrl, '--open'], { ...process.env, PATH: `${bin}:${process.env.PATH}` });
    const printed = await authorizationUrl(cli);
    await cli.waitFor(/could not open a browser.*\n/);
    assert.match(
      cli.output.stderr,
      /tool-console: authorize at \S+\ntool-console: could not open a browser \(xdg-open exited with 4\); open the URL above\n/,
    );
    assert.equal((await authorizeAsUser(printed)).status, 303);
    await consoleUrl(cli);
  });
});
