// More of the doctor's sentences, each from a real failure: a command that cannot be run, a server that says more
// than three lines on stderr before it exits, one that prints several lines on stdout, a gateway that refuses a
// request carrying headers that only look like Authorization, an endpoint that hangs up on every request.
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { McpTarget } from '../../server/mcp/index.js';
import { diagnose } from './diagnose-connection.js';
import { startStatusServer } from '../fixtures/mcp/doctor/status-server.js';
import { close, listen } from '../support/listen.js';

const quick = { timeout: 10_000 };

const nodeScript = (script: string): McpTarget => ({ stdio: { command: process.execPath, args: ['-e', script] } });
const prefix = (target: string) => `Could not connect to the MCP server (${target}): `;

describe('the doctor, for a stdio command', () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'doctor-'));
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it('does not call a command that may not be run "not found", and quotes the refusal', quick, async () => {
    const script = join(folder, 'server.sh');
    await writeFile(script, '#!/bin/sh\necho never\n');
    await chmod(script, 0o644);
    assert.deepEqual(await diagnose({ stdio: { command: script } }), {
      reason: 'other',
      sentence: prefix(script) + `spawn ${script} EACCES`,
      evidence: { code: 'EACCES' },
    });
  });

  it('quotes only the last three of many stderr lines of a server that exited', quick, async () => {
    const script = "console.error('one\\ntwo\\nthree\\nfour\\nfive'); process.exit(2)";
    const diagnosis = await diagnose(nodeScript(script));
    assert.equal(diagnosis.reason, 'exited');
    assert.equal(
      diagnosis.sentence,
      prefix(`${process.execPath} -e ${script}`) +
        'it exited with exit code 2 before answering (its last stderr lines: three | four | five); run the command ' +
        'in a terminal to see the whole error',
    );
    assert.deepEqual(diagnosis.evidence, { exitCode: 2, stderr: ['one', 'two', 'three', 'four', 'five'] });
  });

  it('says a server exited printing nothing on stderr', quick, async () => {
    const diagnosis = await diagnose(nodeScript('process.exit(4)'));
    assert.deepEqual(diagnosis, {
      reason: 'exited',
      sentence:
        prefix(`${process.execPath} -e process.exit(4)`) +
        'it exited with exit code 4 before answering, printing nothing on stderr; run the command in a terminal to ' +
        'see why',
      evidence: { exitCode: 4 },
    });
  });

  it('quotes each of the lines a program wrote on stdout, comma-separated', quick, async () => {
    const script = "console.log('Server starting'); console.log('Listening on port 3000'); process.stdin.resume()";
    const diagnosis = await diagnose(nodeScript(script), { connectTimeoutMs: 300 });
    assert.equal(diagnosis.reason, 'non-json-stdout');
    assert.equal(
      diagnosis.sentence,
      prefix(`${process.execPath} -e ${script}`) +
        'it wrote text that is not JSON-RPC on stdout ("Server starting", "Listening on port 3000"); a stdio MCP ' +
        'server keeps stdout for protocol messages: check that the command starts an MCP server over stdio and logs ' +
        'to stderr',
    );
    assert.deepEqual(diagnosis.evidence, { stdout: ['Server starting', 'Listening on port 3000'] });
  });
});

describe('the doctor, for a --url endpoint', () => {
  it('does not take headers that only look like Authorization for a token it refused', quick, async () => {
    const server = await startStatusServer(401);
    try {
      const headers = { 'X-Authorization-Hint': 'none', 'X-Authorization': 'a', 'Authorization-Scheme': 'b' };
      const diagnosis = await diagnose({ url: server.url, headers });
      assert.equal(server.lastAuthorization, undefined, 'no Authorization header went');
      assert.equal(diagnosis.reason, 'unauthorized');
      assert.match(diagnosis.sentence, /it requires authorization \(HTTP 401\); pass a token with --header/);
    } finally {
      await server.close();
    }
  });

  it('says in its own words that an endpoint hung up, with the code', quick, async () => {
    const server = createServer((req) => req.socket.destroy());
    const url = `http://127.0.0.1:${await listen(server)}/mcp`;
    try {
      const diagnosis = await diagnose({ url });
      assert.equal(diagnosis.reason, 'other');
      assert.deepEqual(diagnosis.evidence, { url, code: 'UND_ERR_SOCKET' });
      assert.match(diagnosis.sentence, new RegExp(`^${prefix(url).replace(/[.()/]/g, '\\$&')}.*\\(UND_ERR_SOCKET\\)$`));
    } finally {
      await close(server);
    }
  });
});
