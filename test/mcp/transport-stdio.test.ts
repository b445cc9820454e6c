// openClient over stdio, as its callers see it: how many processes one connection starts (a revision probe on a
// throwaway copy, or in place), what the child's streams and its end are handed on as, and that a child which never
// answers is stopped when connecting gives up.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { ChildProcess } from 'node:child_process';
import { defaultClientInfo } from '../../server/mcp/client-info.js';
import { openClient, type OpenOptions } from '../../server/mcp/transport.js';
import { initializeFirstServer, lockingServer, processGone, silentServer } from '../fixtures/mcp/paths.js';
import { pollUntil } from './call-bridge.js';

const folder = mkdtempSync(join(tmpdir(), 'transport-stdio-'));
after(() => rmSync(folder, { recursive: true, force: true }));

const base = { clientInfo: defaultClientInfo, connectTimeoutMs: 10_000, onStderr: () => {} };
const script = (code: string) => ({ stdio: { command: process.execPath, args: ['-e', code] } });

/** The locking server, counting its starts in a file of its own. */
function counted(name: string) {
  const starts = join(folder, name);
  const target = { stdio: { command: process.execPath, args: [lockingServer], env: { FIXTURE_STARTS: starts } } };
  return { target, starts: () => readFileSync(starts, 'utf8').trim().split('\n').length };
}

describe('openClient over stdio', () => {
  it('probes the revision on a throwaway copy by default, on the one process with probeInPlace', async () => {
    const sibling = counted('sibling');
    const client = await openClient(sibling.target, base);
    await client.close();
    assert.equal(sibling.starts(), 2);

    const inPlace = counted('in-place');
    const kinds: string[] = [];
    const prepared: unknown[] = [];
    const one = await openClient(inPlace.target, {
      ...base,
      probeInPlace: true,
      instrument: (_transport, kind) => kinds.push(kind),
      prepare: (prepare) => prepared.push(prepare),
    });
    try {
      assert.equal(inPlace.starts(), 1);
      assert.deepEqual(kinds, ['stdio']);
      assert.deepEqual(prepared, [one], 'the client is prepared before it connects');
      assert.equal(one.getServerVersion()?.name, 'locking');
    } finally {
      await one.close();
    }
  });

  it('starts a server that ends on the probe again, and tells only of how the second process ended', async () => {
    const exits: unknown[] = [];
    let stderrEnds = 0;
    const stderr: string[] = [];
    const client = await openClient(
      { stdio: { command: process.execPath, args: [initializeFirstServer] } },
      {
        ...base,
        probeInPlace: true,
        onStderr: (text) => stderr.push(text),
        onStderrEnd: () => stderrEnds++,
        onExit: (code, signal) => exits.push({ code, signal }),
      },
    );
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['hello'],
      );
      assert.match(
        stderr.join(''),
        /server\/discover before initialize; exiting/,
        'the first process did end on the probe',
      );
      assert.deepEqual(exits, [], "the first process's end is not the connection's");
      assert.equal(stderrEnds, 0);
    } finally {
      await client.close();
    }
    await pollUntil(async () => exits.length > 0 && stderrEnds > 0);
    assert.equal(exits.length, 1);
    assert.equal(stderrEnds, 1);
    assert.ok(!stderr.includes(''), 'stderr ended on a whole character: nothing more to hand on');
  });

  it('tells how the one process probed in place ended, and when its stderr ended, once it is the connection', async () => {
    const exits: unknown[] = [];
    let stderrEnds = 0;
    const client = await openClient(counted('in-place-end').target, {
      ...base,
      probeInPlace: true,
      onStderrEnd: () => stderrEnds++,
      onExit: (code, signal) => exits.push({ code, signal }),
    });
    await client.close();
    await pollUntil(async () => exits.length > 0 && stderrEnds > 0);
    assert.equal(exits.length, 1);
    assert.equal(stderrEnds, 1);
  });

  it('gives up on a silent server probed in place without starting another, and tells how it ended', async () => {
    const children: number[] = [];
    const exits: { code: number | null; signal: string | null }[] = [];
    await assert.rejects(
      openClient(
        { stdio: { command: process.execPath, args: [silentServer] } },
        {
          ...base,
          connectTimeoutMs: 300,
          probeInPlace: true,
          onChildProcess: (child) => children.push(child.pid!),
          onExit: (code, signal) => exits.push({ code, signal }),
        },
      ),
      (error: unknown) => !(error instanceof TypeError),
    );
    await pollUntil(async () => exits.length > 0);
    assert.equal(children.length, 1, 'one process');
    assert.equal(exits.length, 1);
    assert.ok(exits[0]!.code !== undefined && exits[0]!.signal !== undefined, JSON.stringify(exits));
  });

  it('hands on the child, its stdout, its stderr to the last byte, and how it ended, when it fails to start', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const exits: unknown[] = [];
    const children: ChildProcess[] = [];
    let ended = false;
    await assert.rejects(
      openClient(
        // A cut-off character at the very end of stderr: the decoder's leftover, handed on when stderr ends.
        script(
          'process.stdout.write("not json\\n"); process.stderr.write(Buffer.from([0x6f, 0x6b, 0xe2, 0x82])); process.exitCode = 3',
        ),
        {
          ...base,
          onStderr: (text) => stderr.push(text),
          onStderrEnd: () => (ended = true),
          onStdout: (text) => stdout.push(text),
          onExit: (code, signal) => exits.push({ code, signal }),
          onChildProcess: (child) => children.push(child),
        },
      ),
    );
    await pollUntil(async () => ended && exits.length > 0);
    assert.equal(stdout.join(''), 'not json\n');
    assert.equal(stderr.join(''), 'ok\ufffd');
    assert.ok(!stderr.includes(''), 'no empty piece of stderr');
    assert.deepEqual(exits, [{ code: 3, signal: null }]);
    assert.equal(children.length, 1);
    assert.equal(typeof children[0]!.pid, 'number');
  });

  for (const [name, option] of [
    ['onExit', { onExit: () => {} }],
    ['onStdout', { onStdout: () => {} }],
    ['onChildProcess', { onChildProcess: () => {} }],
  ] as [string, Partial<OpenOptions>][]) {
    it(`watches the child for ${name} alone`, async () => {
      const heard: string[] = [];
      const options: OpenOptions = {
        ...base,
        onExit: option.onExit && ((code) => heard.push(`exit ${code}`)),
        onStdout: option.onStdout && ((text) => heard.push(`stdout ${text}`)),
        onChildProcess: option.onChildProcess && (() => heard.push('child')),
      };
      await assert.rejects(openClient(script('process.stdout.write("noise\\n"); process.exitCode = 4'), options));
      await pollUntil(async () => heard.length > 0);
      assert.deepEqual(heard, [{ onExit: 'exit 4', onStdout: 'stdout noise\n', onChildProcess: 'child' }[name]]);
    });
  }

  it('stops a child that started but never answered, once the time to connect is up', async () => {
    let pid: number | undefined;
    await assert.rejects(
      openClient(
        { stdio: { command: process.execPath, args: [silentServer] } },
        { ...base, connectTimeoutMs: 300, onChildProcess: (child) => (pid = child.pid) },
      ),
    );
    assert.equal(typeof pid, 'number');
    await pollUntil(async () => processGone(pid!));
  });
});
