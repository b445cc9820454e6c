// `tool-console run` in process, against the fixture server (over stdio, and at a URL): a line per call in order, the
// summary, the exit code the worst call decides, the JUnit report, and a file refused whole before anything runs.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CollectionFile } from '../../protocol/index.js';
import { CommandFailure, EXIT } from '../../server/cli/commands/exit-codes.js';
import type { OneShotPlan } from '../../server/cli/commands/one-shot-args.js';
import { QuestionAnswers } from '../../server/cli/commands/question-answers.js';
import { runCollection } from '../../server/cli/commands/run-collection.js';
import { UsageError } from '../../server/cli/usage-error.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { countedStart, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { commonPlan } from './common-plan.js';
import { parseJunit } from './junit-xml.js';

type RunPlan = Extract<OneShotPlan, { command: 'run' }>;

const folder = mkdtempSync(join(tmpdir(), 'tool-console-run-collection-'));
const starts = join(folder, 'starts.txt');
const fixture = { stdio: `"${process.execPath}" "${fixtureStdioServer}"` };
/** The fixture server, each start counted in FIXTURE_STARTS. */
const counted = { stdio: `"${process.execPath}" "${countedStart}" "${fixtureStdioServer}"` };
let http: HttpFixture;

before(async () => {
  process.env.FIXTURE_STARTS = starts;
  http = await startHttpFixture();
});
after(async () => {
  delete process.env.FIXTURE_STARTS;
  await http?.close();
  rmSync(folder, { recursive: true, force: true });
});

let files = 0;
function write(collection: CollectionFile | string): string {
  const file = join(folder, `calls-${++files}.json`);
  writeFileSync(file, typeof collection === 'string' ? collection : JSON.stringify(collection));
  return file;
}

function planOf(file: string, more: Partial<RunPlan> = {}): RunPlan {
  return {
    ...commonPlan(),
    command: 'run',
    file,
    parallel: 1,
    junit: undefined,
    ...more,
  };
}

/** Runs the collection: its exit code, its stdout lines (times blanked out) and what it said on stderr. */
async function run(plan: RunPlan) {
  const printed: string[] = [];
  const said: string[] = [];
  const code = await runCollection(plan, new QuestionAnswers([], () => {}), {
    out: (text) => printed.push(text),
    say: (line) => said.push(line),
  });
  return {
    code,
    lines: printed.map((line) => line.replace(/\(\d+ ms\)/, '(n ms)').replace(/\([\d.]+ s\)$/, '(n s)')),
    said,
  };
}

async function refused(plan: RunPlan): Promise<Error> {
  try {
    await run(plan);
  } catch (error) {
    return error as Error;
  }
  return assert.fail('the collection ran');
}

const startCount = () => (existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').filter(Boolean).length : 0);

describe('runCollection', () => {
  it('runs every call in order on one start of the server, a line each, and exits 0 when all pass', async () => {
    const before = startCount();
    const file = write({
      version: 1,
      server: counted,
      calls: [
        { name: 'rich', tool: 'rich', arguments: {}, expect: [{ pointer: '/structuredContent/answer', equals: 42 }] },
        { name: 'no expectations', tool: 'pid', arguments: {} },
        { name: 'schema', tool: 'rich', arguments: {}, expect: [{ outputSchema: true }] },
      ],
    });
    const { code, lines, said } = await run(planOf(file));
    assert.equal(code, EXIT.ok);
    assert.deepEqual(lines, [
      'ok    rich (n ms)',
      'ok    no expectations (n ms)',
      'ok    schema (n ms)',
      '3 passed, 0 failed (n s)',
    ]);
    assert.deepEqual(said, []);
    assert.equal(startCount() - before, 1, 'one server for the three calls');
  });

  it('exits 5 when calls fail, saying so; an isError answer fails unless a pointer expectation is about it', async () => {
    const file = write({
      version: 1,
      server: fixture,
      calls: [
        { name: 'differs', tool: 'rich', arguments: {}, expect: [{ pointer: '/content/0/text', equals: 'bye' }] },
        { name: 'isError', tool: 'fails', arguments: {} },
        {
          name: 'isError expected',
          tool: 'fails',
          arguments: {},
          expect: [{ pointer: '/isError', equals: true }],
        },
        { name: 'isError with a schema', tool: 'fails', arguments: {}, expect: [{ outputSchema: true }] },
      ],
    });
    const { code, lines, said } = await run(planOf(file));
    assert.equal(code, EXIT.expectation);
    assert.deepEqual(lines, [
      'FAIL  differs (n ms): /content/0/text: expected "bye", got "hello"',
      'FAIL  isError (n ms): the tool answered isError',
      'ok    isError expected (n ms)',
      'FAIL  isError with a schema (n ms): the tool has no outputSchema to match',
      '1 passed, 3 failed (n s)',
    ]);
    assert.deepEqual(said, ['some calls failed']);
  });

  it('writes the JUnit report: the failed call with its result, the stopped one as an error of its kind', async () => {
    const file = write({
      version: 1,
      name: 'the suite',
      server: fixture,
      calls: [
        { name: 'passes', tool: 'pid', arguments: {} },
        {
          name: 'fails twice',
          tool: 'fails',
          arguments: {},
          expect: [
            { pointer: '/content/0/text', equals: 'fine' },
            { pointer: '/isError', equals: false },
          ],
        },
        { name: 'unknown', tool: 'nope', arguments: {} },
      ],
    });
    const junit = join(folder, 'report.xml');
    const { code, lines, said } = await run(planOf(file, { junit }));
    // A call that could not be made says more than a failed expectation.
    assert.equal(code, EXIT.usage);
    assert.deepEqual(said, []);
    assert.equal(lines.at(-1), '1 passed, 2 failed (n s)');
    const [suite] = parseJunit(readFileSync(junit, 'utf8'));
    assert.deepEqual(
      [suite?.attributes.name, suite?.attributes.tests, suite?.attributes.failures, suite?.attributes.errors],
      ['the suite', '3', '1', '1'],
    );
    const [passes, failed, unknown] = suite!.cases;
    assert.deepEqual(passes, { name: 'passes', classname: 'the suite' });
    assert.equal(failed?.failure?.type, 'expectation');
    assert.equal(
      failed?.failure?.message,
      '/content/0/text: expected "fine", got "the widget is broken"; /isError: expected false, got true',
    );
    assert.equal(
      failed?.failure?.text,
      '/content/0/text: expected "fine", got "the widget is broken"\n/isError: expected false, got true\n\nThe result:\n' +
        JSON.stringify({ content: [{ type: 'text', text: 'the widget is broken' }], isError: true }, null, 2),
    );
    assert.equal(unknown?.error?.type, 'usage');
    assert.match(unknown!.error!.message, /^unknown tool "nope"; the server has: rich, /);
    assert.equal(unknown?.error?.text, unknown?.error?.message);
  });

  it('ends a call its --timeout ends as a timeout (exit 4), and one whose server cannot start as exit 3', async () => {
    const file = write({
      version: 1,
      calls: [
        { name: 'slow', tool: 'slow', arguments: { ms: 10_000 }, server: fixture },
        { name: 'nowhere', tool: 'pid', arguments: {}, server: { stdio: join(folder, 'no-such-server') } },
      ],
    });
    const junit = join(folder, 'stopped.xml');
    const { code, lines } = await run(planOf(file, { timeoutMs: 200, junit }));
    assert.equal(code, EXIT.timeout);
    assert.deepEqual(lines[0], 'FAIL  slow (n ms): slow timed out');
    assert.match(lines[1]!, /^FAIL {2}nowhere \(n ms\): \S/);
    const [slow, nowhere] = parseJunit(readFileSync(junit, 'utf8'))[0]!.cases;
    assert.deepEqual([slow?.error?.type, nowhere?.error?.type], ['timeout', 'connect']);
  });

  it('runs up to --parallel calls at once, each line as its call ends, and the report in the order of the file', async () => {
    const file = write({
      version: 1,
      server: fixture,
      calls: [
        { name: 'late', tool: 'slow', arguments: { ms: 600 } },
        { name: 'early', tool: 'pid', arguments: {} },
      ],
    });
    const junit = join(folder, 'parallel.xml');
    const { code, lines } = await run(planOf(file, { parallel: 2, junit }));
    assert.equal(code, EXIT.ok);
    assert.deepEqual(lines, ['ok    early (n ms)', 'ok    late (n ms)', '2 passed, 0 failed (n s)']);
    const report = readFileSync(junit, 'utf8');
    assert.deepEqual(
      parseJunit(report)[0]!.cases.map((each) => each.name),
      ['late', 'early'],
    );
    // Seconds, as JUnit counts them: the late call took its 600 ms, and the whole run at least as long.
    const [late, early] = [...report.matchAll(/<testcase [^>]*time="([\d.]+)"/g)].map((match) => Number(match[1]));
    const suite = Number(/<testsuite [^>]*time="([\d.]+)"/.exec(report)![1]);
    assert.ok(late! >= 0.6 && late! < 30, `late took ${late} s`);
    assert.ok(early! >= 0 && early! < late!, `early took ${early} s`);
    assert.ok(suite >= late! && suite < 30, `the run took ${suite} s`);
  });

  it('reaches a server at a URL with its headers filled from the environment', async () => {
    process.env.RUN_COLLECTION_TOKEN = 'secret-value';
    try {
      const file = write({
        version: 1,
        server: { url: http.url, headers: { 'X-Token': 'Bearer ${env.RUN_COLLECTION_TOKEN}' } },
        calls: [
          {
            name: 'headers',
            tool: 'headers',
            arguments: {},
            expect: [{ pointer: '/content/0/text', matches: '"x-token":"Bearer secret-value"' }],
          },
        ],
      });
      const { code, lines } = await run(planOf(file));
      assert.equal(code, EXIT.ok, lines.join('\n'));
    } finally {
      delete process.env.RUN_COLLECTION_TOKEN;
    }
  });

  it("runs every call on the command line's server instead of the file's, the report named after the file", async () => {
    const file = write({
      version: 1,
      server: { stdio: join(folder, 'no-such-server') },
      calls: [{ name: 'pid', tool: 'pid', arguments: {} }],
    });
    const target = { stdio: { command: process.execPath, args: [fixtureStdioServer] } };
    const junit = join(folder, 'unnamed.xml');
    const { code } = await run(planOf(file, { target, junit }));
    assert.equal(code, EXIT.ok);
    // A collection without a name is named after its file.
    assert.equal(parseJunit(readFileSync(junit, 'utf8'))[0]?.attributes.name, basename(file));
  });
});

describe('runCollection refusals', () => {
  it('refuses a file it cannot read, or one that is no collection, saying each problem', async () => {
    const absent = join(folder, 'absent.json');
    const unread = await refused(planOf(absent));
    assert.ok(unread instanceof UsageError);
    assert.equal(unread.message, `cannot read ${absent}: ENOENT`);
    const one = write({
      version: 1,
      calls: [{ name: 'a', tool: 't', arguments: {}, expect: [{ pointer: 'x', equals: 1 }] }],
    });
    assert.equal((await refused(planOf(one))).message, `${one}: calls/0/expect/0: pointer must start with /`);
    const three = write({
      version: 1,
      calls: [
        {
          name: 'a',
          tool: 't',
          arguments: {},
          expect: [
            { pointer: 'x', equals: 1 },
            { pointer: 'y', equals: 1 },
            { pointer: 'z', equals: 1 },
          ],
        },
      ],
    });
    assert.equal(
      (await refused(planOf(three))).message,
      `${three}: calls/0/expect/0: pointer must start with / (and 2 more: calls/0/expect/1: pointer must start with /; calls/0/expect/2: pointer must start with /)`,
    );
  });

  it('refuses a call without a server, and names every missing variable once, before starting anything', async () => {
    const before = startCount();
    const serverless = write({
      version: 1,
      calls: [
        { name: 'has one', tool: 'pid', arguments: {}, server: counted },
        { name: 'has none', tool: 'pid', arguments: {} },
      ],
    });
    const none = await refused(planOf(serverless));
    assert.ok(none instanceof UsageError);
    assert.equal(none.message, 'calls/1 (has none) has no server: give --stdio or --url, or "server" in the file');
    const variables = write({
      version: 1,
      server: counted,
      calls: [
        { name: 'a', tool: 'pid', arguments: { x: '${env.RUN_MISSING_A}', y: '${env.RUN_MISSING_B}' } },
        { name: 'b', tool: 'pid', arguments: { x: '${env.RUN_MISSING_A}' } },
      ],
    });
    const junit = join(folder, 'never.xml');
    const missing = await refused(planOf(variables, { junit }));
    assert.ok(missing instanceof UsageError);
    assert.equal(
      missing.message,
      'the environment lacks RUN_MISSING_A, RUN_MISSING_B (used as ${env.NAME} in the collection)',
    );
    assert.equal(existsSync(junit), false);
    assert.equal(startCount(), before, 'no server started');
  });

  it('fails with exit 2 when the report cannot be written, after running the calls', async () => {
    const file = write({ version: 1, server: fixture, calls: [{ name: 'one', tool: 'pid', arguments: {} }] });
    const junit = join(folder, 'no-such-folder', 'report.xml');
    const failed = await refused(planOf(file, { junit }));
    assert.ok(failed instanceof CommandFailure);
    assert.equal(failed.exitCode, EXIT.usage);
    assert.match(failed.message, new RegExp(`^cannot write ${junit}: ENOENT`));
  });
});
