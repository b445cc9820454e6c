// The doctor's sentence for the failures no fixture process or endpoint here can bring about on demand: a certificate
// nobody trusts, each TLS and DNS code, an SDK timeout that does not say "timed out", a connection closed before any
// answer, an OAuth flow that failed or waits for the user, a failure it has no sentence for. `diagnose` is a pure
// function of what connecting threw and what the bridge saw, so these cases are handed to it as they would arrive.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type * as Diagnose from '../../server/mcp/doctor/diagnose.js';
import type { ConnectFailure } from '../../server/mcp/doctor/diagnose.js';

let diagnose: typeof Diagnose.diagnose;
let sdk: typeof import('@modelcontextprotocol/client');

before(async () => {
  ({ diagnose } = await import('../../server/mcp/doctor/diagnose.js'));
  sdk = await import('@modelcontextprotocol/client');
});

const url = 'https://mcp.example.test:8443/mcp';
const command = 'my-server';
const urlOpening = `Could not connect to the MCP server (${url}): `;
const stdioOpening = `Could not connect to the MCP server (${command} --stdio): `;

/** A failure to connect to the URL, with nothing else seen. */
const atUrl = (error: unknown, more: Partial<ConnectFailure> = {}): ConnectFailure => ({
  target: { url },
  error,
  stderr: [],
  stdout: [],
  connectTimeoutMs: 1_500,
  secrets: [],
  ...more,
});
const overStdio = (error: unknown, more: Partial<ConnectFailure> = {}): ConnectFailure =>
  atUrl(error, { target: { stdio: { command, args: ['--stdio'] } }, ...more });

/** fetch's failure, with the network's error (and its code) as its cause, as undici throws it. */
const fetchFailed = (code: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} at the socket`), { code }) });

describe('the doctor, on TLS and DNS codes', () => {
  for (const code of ['DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CERT_HAS_EXPIRED']) {
    it(`says a certificate is not trusted (${code}) and how to trust its authority`, () => {
      assert.deepEqual(diagnose(atUrl(fetchFailed(code))), {
        reason: 'tls',
        sentence:
          urlOpening +
          `its TLS certificate is not trusted (${code}); fix the certificate, or trust its authority with ` +
          'NODE_EXTRA_CA_CERTS=<file>',
        evidence: { url, code },
      });
    });
  }

  for (const code of ['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']) {
    it(`says nothing speaks TLS on the port for ${code}`, () => {
      assert.equal(
        diagnose(atUrl(fetchFailed(code))).sentence,
        urlOpening +
          `the TLS handshake failed (${code}): nothing speaks TLS on that port; try http:// instead of https://`,
      );
    });
  }

  for (const code of ['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'ERR_TLS_INVALID_PROTOCOL_VERSION', 'EPROTO']) {
    it(`says another TLS failure (${code}) is about the scheme or the server's TLS setup`, () => {
      assert.deepEqual(diagnose(atUrl(fetchFailed(code))), {
        reason: 'tls',
        sentence: urlOpening + `the TLS handshake failed (${code}); check the URL's scheme and the server's TLS setup`,
        evidence: { url, code },
      });
    });
  }

  it('does not take a code that only starts like EPROTO for a TLS failure', () => {
    assert.deepEqual(diagnose(atUrl(fetchFailed('EPROTONOSUPPORT'))), {
      reason: 'other',
      sentence: urlOpening + 'fetch failed (EPROTONOSUPPORT)',
      evidence: { url, code: 'EPROTONOSUPPORT' },
    });
  });

  for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
    it(`says the host name could not be resolved (${code})`, () => {
      assert.deepEqual(diagnose(atUrl(fetchFailed(code))), {
        reason: 'dns',
        sentence:
          urlOpening +
          `the host name "mcp.example.test" could not be resolved (${code}); check the host in --url and the network`,
        evidence: { url, code },
      });
    });
  }
});

describe('the doctor, on timeouts and closed connections', () => {
  it('takes the SDK request timeout for a timeout even when its words do not say so', () => {
    const error = new sdk.SdkError(
      sdk.SdkErrorCode.RequestTimeout,
      'TimeoutError: The operation was aborted due to timeout',
    );
    assert.deepEqual(diagnose(overStdio(error, { stderr: ['  warming up  '] })), {
      reason: 'timeout',
      sentence:
        stdioOpening +
        'it did not answer within 1500 ms; if it is slow to start, allow it more time with --connect-timeout <ms> ' +
        '(connectTimeoutMs)',
      evidence: { limitMs: 1_500, stderr: ['warming up'] },
    });
  });

  it('takes a failure whose root cause timed out for a timeout', () => {
    const error = new Error('Could not open the session', { cause: new Error('the handshake timed out') });
    assert.equal(diagnose(atUrl(error)).reason, 'timeout');
  });

  it('says a server closed the connection before answering, with its stderr', () => {
    const error = new sdk.SdkError(sdk.SdkErrorCode.ConnectionClosed, 'Connection closed');
    assert.deepEqual(diagnose(overStdio(error, { stderr: ['bye'] })), {
      reason: 'closed',
      sentence:
        stdioOpening +
        'it closed the connection before answering; check that it is an MCP server and that it is running',
      evidence: { stderr: ['bye'] },
    });
    assert.deepEqual(diagnose(atUrl(error)).evidence, { url });
  });

  it('does not take another SDK failure for a timeout or a closed connection', () => {
    const error = new sdk.SdkError(sdk.SdkErrorCode.SendFailed, 'Failed to send the request');
    const diagnosis = diagnose(overStdio(error));
    assert.equal(diagnosis.reason, 'other');
    assert.ok(diagnosis.sentence.startsWith(stdioOpening + 'Failed to send the request'), diagnosis.sentence);
  });
});

describe('the doctor, on failures it has no sentence of its own for', () => {
  it("says the error in its own words with the network's code, and the URL and code as evidence", () => {
    assert.deepEqual(diagnose(atUrl(fetchFailed('UND_ERR_SOCKET'))), {
      reason: 'other',
      sentence: urlOpening + 'fetch failed (UND_ERR_SOCKET)',
      evidence: { url, code: 'UND_ERR_SOCKET' },
    });
  });

  it('takes an ENOENT that is not about starting the command for no missing command', () => {
    const error = Object.assign(new Error("ENOENT: no such file or directory, open 'settings.json'"), {
      code: 'ENOENT',
    });
    assert.deepEqual(diagnose(overStdio(error)), {
      reason: 'other',
      sentence: stdioOpening + "ENOENT: no such file or directory, open 'settings.json'",
      evidence: { code: 'ENOENT' },
    });
  });

  it('says a thrown value that is not an Error as its text', () => {
    assert.deepEqual(diagnose(overStdio('gave up')), {
      reason: 'other',
      sentence: stdioOpening + 'gave up',
      evidence: {},
    });
  });
});

describe('the doctor, on authorization', () => {
  it("takes the SDK's UnauthorizedError outside an OAuth flow for a 401", () => {
    assert.deepEqual(diagnose(atUrl(new sdk.UnauthorizedError('Unauthorized'))), {
      reason: 'unauthorized',
      sentence:
        urlOpening +
        'it requires authorization (HTTP 401); pass a token with --header "Authorization: Bearer <token>", or ' +
        'leave that header out and let tool-console authorize with OAuth',
      evidence: { url, status: 401 },
    });
  });

  it('keeps the words of an OAuth flow that failed, and says where to authorize while one waits', () => {
    const authorizeAt = new URL('https://auth.example.test/authorize?client_id=console');
    const failure = atUrl(new sdk.UnauthorizedError('Unauthorized'), {
      oauth: { reason: 'the authorization server is waiting for you', authorizeAt },
    });
    assert.deepEqual(diagnose(failure), {
      reason: 'oauth',
      sentence:
        urlOpening +
        'the authorization server is waiting for you; authorize at https://auth.example.test/authorize?client_id=console',
      evidence: { url, status: 401 },
    });
    const refused = atUrl(new Error('invalid_client'), {
      oauth: { reason: 'the client was refused (invalid_client)' },
    });
    assert.deepEqual(diagnose(refused), {
      reason: 'oauth',
      sentence: urlOpening + 'the client was refused (invalid_client)',
      evidence: { url },
    });
  });

  it("quotes a stdio server's stderr in an OAuth failure only once it has exited", () => {
    const oauth = { reason: 'the token endpoint did not answer' };
    const exit = { code: 1, signal: null };
    assert.deepEqual(diagnose(overStdio(new Error('x'), { oauth, exit, stderr: ['no network'] })).evidence, {
      stderr: ['no network'],
    });
    assert.deepEqual(diagnose(overStdio(new Error('x'), { oauth, stderr: ['still running'] })).evidence, {});
    assert.deepEqual(diagnose(overStdio(new Error('x'), { oauth, exit, stderr: [] })).evidence, {});
  });
});
