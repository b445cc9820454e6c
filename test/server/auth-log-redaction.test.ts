// What the log says about an auth hook's decision: nothing for a call let through, and for a denial the hook's
// reason with the request's credential blanked out, whichever way the hook spelt it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthHook } from '../../server/index.js';
import { callPath, startConsole } from './helpers.js';

/** Makes one call with `authorization` (if any) through `hook`; answers the status and the warnings logged. */
async function decide(hook: AuthHook, authorization?: string) {
  const app = await startConsole({ allowExecute: true, authHook: hook });
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (authorization !== undefined) headers.Authorization = authorization;
    const answer = await app.request('POST', callPath('get_weather'), { body: '{}', headers });
    return { status: answer.status, warnings: app.logger.text('warn') };
  } finally {
    await app.close();
  }
}

const PREFIX = 'tool-console: auth hook denied a call: ';

describe('the auth hook in the log', () => {
  it('logs nothing for a call it lets through, even when the hook throws after next()', async () => {
    assert.deepEqual(await decide((_req, next) => next()), { status: 200, warnings: '' });
    const late = await decide((_req, next) => {
      next();
      throw new Error('after the fact');
    });
    assert.deepEqual(late, { status: 200, warnings: '' });
  });

  it('logs a string reason as it is', async () => {
    assert.deepEqual(await decide((_req, next) => next('no entry for you')), {
      status: 401,
      warnings: `${PREFIX}no entry for you`,
    });
  });

  it('blanks out the whole header and the bare credential, in strings and in errors', async () => {
    const quoting: AuthHook = (req) => {
      throw new Error(
        `refused "${req.headers.authorization}" (token ${String(req.headers.authorization).split(/\s+/).pop()})`,
      );
    };
    const { status, warnings } = await decide(quoting, 'Bearer   s3cr3t-t0ken');
    assert.equal(status, 401);
    assert.ok(warnings.startsWith(`${PREFIX}Error: refused "[redacted]" (token [redacted])`), warnings);
    assert.doesNotMatch(warnings, /s3cr3t/);
  });

  it('blanks out a bare credential of four characters, and leaves shorter ones readable', async () => {
    const echo: AuthHook = (req, next) => next(`bad key ${req.headers.authorization}`);
    assert.equal((await decide(echo, 'abcd')).warnings, `${PREFIX}bad key [redacted]`);
    assert.equal((await decide(echo, 'Key abc')).warnings, `${PREFIX}bad key [redacted]`);
    assert.equal(
      (await decide((_req, next) => next('a key abc is too short'), 'Key abc')).warnings,
      `${PREFIX}a key abc is too short`,
    );
  });

  it('blanks out the password of Basic credentials, which a hook decodes to check them', async () => {
    const password = 'pässw0rd-7c1e';
    const basic = `Basic ${Buffer.from(`ada:${password}`, 'utf8').toString('base64')}`;
    const decoding: AuthHook = (req) => {
      const decoded = Buffer.from(String(req.headers.authorization).slice('Basic '.length), 'base64').toString('utf8');
      const [user, secret] = decoded.split(':');
      throw new Error(`user ${user} sent password ${secret} (${decoded})`);
    };
    const { status, warnings } = await decide(decoding, basic);
    assert.equal(status, 401);
    assert.ok(warnings.startsWith(`${PREFIX}Error: user ada sent password [redacted] ([redacted])`), warnings);
    assert.doesNotMatch(warnings, /pässw0rd|p\\xE4ssw0rd|7c1e/);
  });

  it('blanks out a token that a hook writes out as JSON, escapes and all', async () => {
    const token = 'tok\\en"with\\quotes-5d3a';
    const jsonHook: AuthHook = (req, next) => next(new Error(`denied ${JSON.stringify(req.headers)}`));
    const { status, warnings } = await decide(jsonHook, `Bearer ${token}`);
    assert.equal(status, 401);
    assert.match(warnings, /"authorization":"\[redacted\]"/);
    assert.doesNotMatch(warnings, /5d3a/);
  });

  it('leaves the reason alone when the request has no credential', async () => {
    assert.equal((await decide((_req, next) => next('Bearer missing'))).warnings, `${PREFIX}Bearer missing`);
  });
});
