// The CLI and DNS rebinding: its page works from the URL it prints, and answers other host names only when told to.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rawRequest } from '../server/helpers.js';
import { runCli, serveCli, type Serving } from './run-cli.js';

const status = async (url: string, host: string) =>
  (await rawRequest(Number(new URL(url).port), 'GET', '/tools', { headers: { Host: host } })).status;

describe('tool-console host names', () => {
  let cli: Serving;
  before(async () => {
    cli = await serveCli(['--allowed-host', 'console.test', '--allowed-host', '.corp.test']);
  });
  after(() => cli?.stop());

  it('should serve its printed URL and loopback names', async () => {
    const { host } = new URL(cli.url);
    assert.equal(await status(cli.url, host), 200);
    assert.equal(await status(cli.url, 'localhost'), 200);
  });

  it('should serve the names given with --allowed-host, and refuse others with 403', async () => {
    assert.equal(await status(cli.url, 'console.test:8000'), 200);
    assert.equal(await status(cli.url, 'a.corp.test'), 200);
    assert.equal(await status(cli.url, 'attacker.test'), 403);
  });

  it('should allow the name given to --host', async () => {
    const named = await serveCli(['--host', 'localhost']);
    try {
      assert.match(named.url, /^http:\/\/localhost:\d+\/$/);
      assert.equal(await status(named.url, new URL(named.url).host), 200);
    } finally {
      await named.stop();
    }
  });

  it('should refuse a malformed --allowed-host with exit code 2', async () => {
    const result = await runCli(['--allowed-host', 'a b']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--allowed-host must be a host name/);
  });
});
