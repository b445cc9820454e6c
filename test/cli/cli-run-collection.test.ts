// `tool-console run calls.json` against server-everything over stdio: a line per call and a summary, ${env.NAME}
// filled from the environment, JUnit XML that a strict XML parser reads back exactly (hostile text included), and
// exit 2 before anything runs for a malformed file, a missing variable or an unreadable file.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CollectionFile } from '../../protocol/index.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { parseJunit } from './junit-xml.js';
import { everythingStdio, oneShot } from './one-shot-cli.js';

const hostile = `<b>&"'</b> ]]> \u0001 done`;

function writeCollection(collection: unknown): { folder: string; file: string } {
  const folder = mkdtempSync(join(tmpdir(), 'tool-console-run-'));
  const file = join(folder, 'calls.json');
  writeFileSync(file, typeof collection === 'string' ? collection : JSON.stringify(collection));
  return { folder, file };
}

const collection: CollectionFile = {
  version: 1,
  name: 'smoke <suite>',
  server: { stdio: `"${process.execPath}" "${everythingServer}"` },
  calls: [
    {
      name: 'greets from the environment',
      tool: 'echo',
      arguments: { message: 'hello ${env.GREETING_NAME}' },
      expect: [{ pointer: '/content/0/text', equals: 'Echo: hello Ada' }],
    },
    { name: 'adds', tool: 'get-sum', arguments: { a: 2, b: 3 }, expect: [{ isError: false }] },
    {
      name: `echoes ${hostile}`,
      tool: 'echo',
      arguments: { message: hostile },
      expect: [{ pointer: '/content/0/text', matches: '^nothing like it$' }],
    },
  ],
};

describe('tool-console run', () => {
  it('runs a collection in parallel: a line per call, a summary, exit 5 and JUnit XML a strict parser reads', async () => {
    const { folder, file } = writeCollection(collection);
    const report = join(folder, 'report.xml');
    const run = await oneShot(['run', file, '--parallel', '2', '--junit', report], {
      env: { ...process.env, GREETING_NAME: 'Ada' },
    });
    assert.equal(run.code, 5, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.deepEqual(
      lines.map((line) => line.replace(/\(\d+ ms\)/, '(n ms)').slice(0, 45)).sort(),
      [
        'FAIL  echoes <b>&"\'</b> ]]> \u0001 done (n ms): /co',
        'ok    adds (n ms)',
        'ok    greets from the environment (n ms)',
        `2 passed, 1 failed (${/\(([\d.]+ s)\)$/.exec(lines.at(-1)!)![1]})`,
      ]
        .map((line) => line.slice(0, 45))
        .sort(),
    );
    const [suite, ...more] = parseJunit(readFileSync(report, 'utf8'));
    assert.deepEqual(more, []);
    assert.equal(suite!.attributes.name, 'smoke <suite>');
    assert.deepEqual([suite!.attributes.tests, suite!.attributes.failures, suite!.attributes.errors], ['3', '1', '0']);
    assert.deepEqual(
      suite!.cases.map((each) => each.name),
      collection.calls.map((call) => call.name.replace('\u0001', '\uFFFD')),
    );
    const failed = suite!.cases[2]!;
    assert.equal(failed.failure?.type, 'expectation');
    // The message quotes the text as JSON (so the control character arrives as the six characters \u0001).
    assert.equal(
      failed.failure?.message,
      `/content/0/text: ${JSON.stringify(`Echo: ${hostile}`)} does not match /^nothing like it$/`,
    );
    assert.match(failed.failure!.text, /The result:\n\{\n {2}"content": \[/);
    assert.equal(suite!.cases[0]!.failure, undefined);
  });

  it("exit 0 when every call passes, on the server --stdio names instead of the file's", async () => {
    const { file } = writeCollection({ version: 1, calls: [collection.calls[1]] });
    const run = await oneShot(['run', file, ...everythingStdio]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^ok {4}adds \(\d+ ms\)\n1 passed, 0 failed \([\d.]+ s\)\n$/);
  });

  it('exit 2 before running anything: a missing ${env.NAME}, a malformed file (where), an unreadable file', async () => {
    const env = { ...process.env };
    delete env.GREETING_NAME;
    const { folder, file } = writeCollection(collection);
    const report = join(folder, 'report.xml');
    const missing = await oneShot(['run', file, '--junit', report], { env });
    assert.equal(missing.code, 2);
    assert.equal(
      missing.stderr,
      'tool-console: the environment lacks GREETING_NAME (used as ${env.NAME} in the collection)\n',
    );
    assert.equal(existsSync(report), false, 'nothing ran, no report');
    const malformed = writeCollection({
      version: 1,
      calls: [{ name: 'a', tool: 't', arguments: {}, expect: [{ pointer: 'x', equals: 1 }] }],
    });
    const bad = await oneShot(['run', malformed.file, ...everythingStdio]);
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr, `tool-console: ${malformed.file}: calls/0/expect/0: pointer must start with /\n`);
    const absent = await oneShot(['run', join(folder, 'nope.json')]);
    assert.equal(absent.code, 2);
    assert.match(absent.stderr, /^tool-console: cannot read .*nope\.json: ENOENT/);
  });
});
