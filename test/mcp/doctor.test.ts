// The doctor: each way a connection fails is said in one sentence a person can act on, with its evidence, and the
// sentence is the McpConnectionError's message (what the CLI prints and a 502 answers). One real failure per case:
// fixture processes over stdio, fixture HTTP endpoints, a closed port, an unresolvable name, TLS to a plain port.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import type { McpTarget } from '../../server/mcp/index.js';
import { diagnose } from './diagnose-connection.js';
import { exitsAtOnceServer, futureServer, noisyStdoutServer, silentServer } from '../fixtures/mcp/paths.js';
import { startStatusServer } from '../fixtures/mcp/doctor/status-server.js';
import { close, listen } from '../support/listen.js';

const quick = { timeout: 10_000 };

const node = (script: string, env?: Record<string, string>): McpTarget => ({
  stdio: { command: process.execPath, args: [script], ...(env && { env }) },
});
const prefix = (target: string) => `Could not connect to the MCP server (${target}): `;

describe('the doctor, for a stdio server', () => {
  it('says a command was not found and how to fix it', quick, async () => {
    assert.deepEqual(await diagnose({ stdio: { command: 'no-such-command-xyz', args: ['--flag'] } }), {
      reason: 'command-not-found',
      sentence:
        prefix('no-such-command-xyz --flag') +
        'the command "no-such-command-xyz" was not found; install it, or give its full path (it is looked up on PATH)',
      evidence: { command: 'no-such-command-xyz' },
    });
  });

  it('says a server exited at once, with its exit code and last stderr lines', quick, async () => {
    assert.deepEqual(await diagnose(node(exitsAtOnceServer)), {
      reason: 'exited',
      sentence:
        prefix(`${process.execPath} ${exitsAtOnceServer}`) +
        'it exited with exit code 3 before answering (its last stderr lines: starting | config.json: no such file or ' +
        'directory); run the command in a terminal to see the whole error',
      evidence: { exitCode: 3, stderr: ['starting', 'config.json: no such file or directory'] },
    });
  });

  it('names the signal that ended a server', quick, async () => {
    const diagnosis = await diagnose(node(exitsAtOnceServer, { FIXTURE_SIGNAL: 'SIGTERM' }));
    assert.equal(diagnosis.reason, 'exited');
    assert.match(diagnosis.sentence, /: it was ended by signal SIGTERM before answering \(its last stderr lines: /);
    assert.deepEqual(diagnosis.evidence, {
      signal: 'SIGTERM',
      stderr: ['starting', 'config.json: no such file or directory'],
    });
  });

  it('says a program wrote non-JSON on stdout, quoting it', quick, async () => {
    assert.deepEqual(await diagnose(node(noisyStdoutServer), { connectTimeoutMs: 300 }), {
      reason: 'non-json-stdout',
      sentence:
        prefix(`${process.execPath} ${noisyStdoutServer}`) +
        'it wrote text that is not JSON-RPC on stdout ("Listening on http://localhost:3000"); a stdio MCP server keeps ' +
        'stdout for protocol messages: check that the command starts an MCP server over stdio and logs to stderr',
      evidence: { stdout: ['Listening on http://localhost:3000'] },
    });
  });

  it('says which protocol version the server answered and which ones the console speaks', quick, async () => {
    // It ignores the 2026-07-28 probe, so `initialize` follows once the probe's time limit has passed; the limit
    // leaves a busy machine time to start the server (300 ms did not, under two mutation runs).
    assert.deepEqual(await diagnose(node(futureServer), { connectTimeoutMs: 1_000 }), {
      reason: 'protocol-version',
      sentence:
        prefix(`${process.execPath} ${futureServer}`) +
        'it answered protocol version 2099-01-01, which tool-console does not speak (it speaks 2026-07-28, ' +
        '2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07); use a version of the server that speaks one of these',
      evidence: { protocolVersion: '2099-01-01' },
    });
  });

  it('names the time limit and the flag that sets it when a server never answers', quick, async () => {
    assert.deepEqual(await diagnose(node(silentServer), { connectTimeoutMs: 200 }), {
      reason: 'timeout',
      sentence:
        prefix(`${process.execPath} ${silentServer}`) +
        'it did not answer within 200 ms; if it is slow to start, allow it more time with --connect-timeout <ms> ' +
        '(connectTimeoutMs)',
      evidence: { limitMs: 200 },
    });
  });
});

describe('the doctor, for a --url server', () => {
  it('says a 401 without a token needs authorization', quick, async () => {
    const server = await startStatusServer(401);
    try {
      assert.deepEqual(await diagnose({ url: server.url }), {
        reason: 'unauthorized',
        sentence:
          prefix(server.url) +
          'it requires authorization (HTTP 401); pass a token with --header "Authorization: Bearer <token>", or ' +
          'leave that header out and let tool-console authorize with OAuth',
        evidence: { url: server.url, status: 401 },
      });
    } finally {
      await server.close();
    }
  });

  it('says a 401 to a token means the token was refused, and never quotes the token', quick, async () => {
    const server = await startStatusServer(401);
    const token = 'sk-refused-0123456789';
    try {
      const diagnosis = await diagnose({ url: server.url, headers: { Authorization: `Bearer ${token}` } });
      assert.equal(server.lastAuthorization, `Bearer ${token}`, 'the token was sent');
      assert.deepEqual(diagnosis, {
        reason: 'token-refused',
        sentence:
          prefix(server.url) +
          'it refused the token sent in the Authorization header (HTTP 401); check or renew the token given with --header',
        evidence: { url: server.url, status: 401 },
      });
    } finally {
      await server.close();
    }
  });

  it('says a 403 means the credentials may not use the server', quick, async () => {
    const server = await startStatusServer(403);
    try {
      assert.deepEqual(await diagnose({ url: server.url }), {
        reason: 'forbidden',
        sentence:
          prefix(server.url) +
          'it denied access (HTTP 403): whoever it took the client for may not use it; ask its owner for access, or ' +
          'use a token with the right scope',
        evidence: { url: server.url, status: 403 },
      });
    } finally {
      await server.close();
    }
  });

  it('says nothing listens at a closed port', quick, async () => {
    const closed = createServer();
    const port = await listen(closed);
    await close(closed);
    const url = `http://127.0.0.1:${port}/mcp`;
    assert.deepEqual(await diagnose({ url }), {
      reason: 'connection-refused',
      sentence:
        prefix(url) + `nothing is listening at 127.0.0.1:${port} (ECONNREFUSED); start the server, or correct --url`,
      evidence: { url, code: 'ECONNREFUSED' },
    });
  });

  it('says a host name could not be resolved', quick, async () => {
    const url = 'http://no-such-host.invalid/mcp';
    const diagnosis = await diagnose({ url });
    assert.equal(diagnosis.reason, 'dns');
    assert.match(String(diagnosis.evidence.code), /^(ENOTFOUND|EAI_AGAIN)$/);
    assert.equal(
      diagnosis.sentence,
      prefix(url) +
        `the host name "no-such-host.invalid" could not be resolved (${diagnosis.evidence.code}); check the host in ` +
        '--url and the network',
    );
  });

  it('says TLS failed when https meets a plain HTTP port', quick, async () => {
    const plain = createServer((_req, res) => res.end('plain'));
    const port = await listen(plain);
    const url = `https://127.0.0.1:${port}/mcp`;
    try {
      assert.deepEqual(await diagnose({ url }), {
        reason: 'tls',
        sentence:
          prefix(url) +
          'the TLS handshake failed (ERR_SSL_WRONG_VERSION_NUMBER): nothing speaks TLS on that port; try http:// ' +
          'instead of https://',
        evidence: { url, code: 'ERR_SSL_WRONG_VERSION_NUMBER' },
      });
    } finally {
      await close(plain);
    }
  });

  it('names the time limit when a URL never answers', quick, async () => {
    const silent = createServer(() => {});
    const url = `http://127.0.0.1:${await listen(silent)}/mcp`;
    try {
      assert.deepEqual(await diagnose({ url }, { connectTimeoutMs: 200 }), {
        reason: 'timeout',
        sentence:
          prefix(url) +
          'it did not answer within 200 ms; if it is slow to start, allow it more time with --connect-timeout <ms> ' +
          '(connectTimeoutMs)',
        evidence: { url, limitMs: 200 },
      });
    } finally {
      await close(silent);
    }
  });
});

describe('the doctor keeps secrets out', () => {
  it('blanks a secret out of the stderr lines it quotes', quick, async () => {
    const secret = 'sk-doctor-0123456789';
    const diagnosis = await diagnose(
      { stdio: { command: process.execPath, args: ['-e', `console.error("bad key ${secret}"); process.exit(1)`] } },
      { secrets: [secret] },
    );
    assert.equal(diagnosis.reason, 'exited');
    assert.deepEqual(diagnosis.evidence.stderr, ['bad key [redacted]']);
    assert.ok(!diagnosis.sentence.includes(secret), diagnosis.sentence);
  });
});
