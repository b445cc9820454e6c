// Seeded fuzzing of the HTTP API: over 10,000 generated requests against a real server, most through a keep-alive
// node:http client, the nastiest over bare sockets. No crash, no unhandled rejection, no answer that breaks the
// contract, and a server that still answers normally afterwards. Reproduce a failure with FUZZ_SEED=<seed>.
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startConsole, type RunningConsole } from '../server/helpers.js';
import { fuzzOptions } from './fuzz-target.js';
import { expectedAnswer, problemWith, type Answer } from './oracle.js';
import { fuzzSeed, Prng } from './prng.js';
import { generateRawCase, type RawCase } from './raw-cases.js';
import { rawExchange } from './raw-http.js';
import { describeRequest, generateRequest, type FuzzRequest } from './request-generator.js';

const CLIENT_REQUESTS = 9_000;
const RAW_CASES = 1_500;
const CONCURRENCY = 24;
const seed = fuzzSeed();

/** Failures carry the seed and the request, so one line is enough to replay and read them. */
class FuzzFailure extends Error {
  constructor(index: number, what: string, problem: string) {
    super(`fuzz failure (FUZZ_SEED=${seed}, request #${index}): ${problem}\n  request: ${what}`);
  }
}

function send(port: number, agent: Agent, fuzz: FuzzRequest): Promise<Answer | Error> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...fuzz.headers };
    // Explicit framing: node's client sends a GET body written without Content-Length unframed.
    if (fuzz.body)
      headers[fuzz.chunked ? 'transfer-encoding' : 'content-length'] = fuzz.chunked ? 'chunked' : fuzz.body.length;
    const req = request({ host: '127.0.0.1', port, method: fuzz.method, path: fuzz.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', resolve);
    });
    req.on('error', resolve);
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    if (fuzz.body && fuzz.chunked) {
      const middle = fuzz.body.length >> 1;
      req.write(fuzz.body.subarray(0, middle));
      req.end(fuzz.body.subarray(middle));
    } else {
      req.end(fuzz.body);
    }
  });
}

/** Runs `count` jobs with at most `limit` in flight; the first failure stops the run. */
async function inParallel(count: number, limit: number, job: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

describe(`HTTP API under fuzz (seed ${seed}; reproduce with FUZZ_SEED=${seed})`, () => {
  let app: RunningConsole;
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);
  const counts = { sent: 0, statuses: new Map<number, number>(), resetOnRefusal: 0, dropped: 0 };

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    app = await startConsole(fuzzOptions);
  });
  after(async () => {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
    await app.close();
    const statuses = [...counts.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      `fuzz seed ${seed}: ${counts.sent} requests; statuses ${statuses}; ${counts.dropped} closed without an answer owed; ` +
        `${counts.resetOnRefusal} refused requests (413, 431) cut off by the server`,
    );
  });
  const tally = (status: number) => counts.statuses.set(status, (counts.statuses.get(status) ?? 0) + 1);

  /** Ends each storm: nothing crashed or was logged as a failure, and the server answers normally. */
  async function assertUnharmed(): Promise<void> {
    assert.deepEqual(unhandled, [], `unhandled errors in the server process (FUZZ_SEED=${seed})`);
    const unexpected = app.logger.lines.filter(
      (line) => line.level === 'error' && !line.text.includes('deliberate failure'),
    );
    assert.deepEqual(unexpected.slice(0, 5), [], `unexpected errors logged (FUZZ_SEED=${seed})`);
    const list = await app.request('GET', '/tools');
    assert.equal(list.status, 200);
    assert.equal(list.json.length, fuzzOptions.tools!.length as number);
    const call = await app.request('POST', '/tools/echo/call', { body: '{"city":"Paris"}' });
    assert.equal(call.status, 200);
    assert.equal(call.json.content[0].text, '{"city":"Paris"}');
  }

  it(`answers ${CLIENT_REQUESTS} generated requests from a keep-alive client by the contract`, async () => {
    const rng = new Prng(seed);
    const requests = Array.from({ length: CLIENT_REQUESTS }, () => generateRequest(rng));
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    try {
      await inParallel(requests.length, CONCURRENCY, async (index) => {
        const fuzz = requests[index]!;
        const answer = await send(app.port, agent, fuzz);
        counts.sent++;
        if (answer instanceof Error) {
          // A 413 (or node's 431) closes the connection without reading the rest; the client may still be writing.
          const closes = [413, 431].includes(expectedAnswer(fuzz).status);
          if (closes && /ECONNRESET|EPIPE/.test(String((answer as NodeJS.ErrnoException).code))) {
            counts.resetOnRefusal++;
            return;
          }
          throw new FuzzFailure(index, describeRequest(fuzz), `client error ${answer.message}`);
        }
        tally(answer.status);
        const problem = problemWith(fuzz, answer);
        if (problem) throw new FuzzFailure(index, describeRequest(fuzz), problem);
      });
    } finally {
      agent.destroy();
    }
    await assertUnharmed();
  });

  it(`survives ${RAW_CASES} raw-socket requests: garbage, smuggling, oversized heads, trickled bodies, dropped connections`, async () => {
    const rng = new Prng(seed ^ 0x5eed);
    const cases: RawCase[] = Array.from({ length: RAW_CASES }, () => generateRawCase(rng));
    await inParallel(cases.length, CONCURRENCY, async (index) => {
      const raw = cases[index]!;
      const what = `${raw.label}: ${JSON.stringify(Buffer.concat(raw.steps.filter(Buffer.isBuffer)).toString('latin1').slice(0, 400))}`;
      const answers = await rawExchange(app.port, raw.steps).catch((error: Error) => {
        throw new FuzzFailure(CLIENT_REQUESTS + index, what, error.message);
      });
      counts.sent++;
      if (raw.noAnswerOwed) return void counts.dropped++;
      if (answers.length === 0)
        throw new FuzzFailure(CLIENT_REQUESTS + index, what, 'the server closed without answering');
      for (const answer of answers) {
        tally(answer.status);
        if (answer.status >= 500) throw new FuzzFailure(CLIENT_REQUESTS + index, what, `status ${answer.status}`);
      }
      if (raw.requests) {
        assert.equal(
          answers.length,
          raw.requests.length,
          new FuzzFailure(CLIENT_REQUESTS + index, what, 'answers missing').message,
        );
        raw.requests.forEach((request, i) => {
          const problem = problemWith(request, answers[i]!);
          if (problem) throw new FuzzFailure(CLIENT_REQUESTS + index, what, problem);
        });
      }
    });
    await assertUnharmed();
  });
});
