// 1,000 calls in flight at once: the handler holds each call until all 1,000 have arrived, then answers them in a
// shuffled order. Every caller gets its own answer (streamed callers their own progress event too), nothing is lost,
// memory stays bounded while they run and the heap returns to where it started once they are done.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recordingLogger, weatherTool } from '../server/helpers.js';
import { collectGarbage } from './forced-gc.js';
import { driveEchoCalls, gatheringEchoHandler, listenForLoad, MB, percentile, RssSampler } from './load-driver.js';

const CALLS = 1_000;
const WAVES = 3;

describe('1,000 concurrent calls', { timeout: 60_000 }, () => {
  let app: Awaited<ReturnType<typeof listenForLoad>>;
  const { handleCall, stats } = gatheringEchoHandler(CALLS);
  before(async () => {
    app = await listenForLoad({ tools: [weatherTool], allowExecute: true, handleCall, logger: recordingLogger() });
  });
  after(() => app.close());

  it(`answers every caller with its own result, ${WAVES} waves in a row, with bounded memory`, async () => {
    collectGarbage();
    const start = { rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed };
    const heapAfterWave: number[] = [];
    const sampler = new RssSampler();
    try {
      for (let wave = 0; wave < WAVES; wave++) {
        stats.maxInFlight = 0;
        const result = await driveEchoCalls(app.port, '/tools/get_weather/call', CALLS, CALLS);
        assert.deepEqual(result.problems.slice(0, 5), [], `wave ${wave}: ${result.problems.length} problems`);
        assert.equal(result.latenciesMs.length, CALLS);
        assert.equal(stats.maxInFlight, CALLS, 'all calls were in flight together');
        await app.drained();
        collectGarbage();
        heapAfterWave.push(process.memoryUsage().heapUsed);
        console.log(
          `load wave ${wave}: ${CALLS} calls, ${stats.maxInFlight} in flight at most, ${Math.round(result.elapsedMs)} ms, ` +
            `p50 ${percentile(result.latenciesMs, 50).toFixed(0)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(0)} ms`,
        );
      }
    } finally {
      sampler.stop();
    }
    const peakRss = sampler.peak;
    assert.equal(stats.calls, CALLS * WAVES, 'every call reached the handler exactly once');
    console.log(
      `load memory: rss ${(start.rss / MB).toFixed(0)} MB at start, peak ${(peakRss / MB).toFixed(0)} MB; heap ${(start.heap / MB).toFixed(1)} MB at start, ` +
        `after each wave ${heapAfterWave.map((heap) => (heap / MB).toFixed(1)).join(' / ')} MB`,
    );
    // Client and server share this process: 1,000 sockets and requests on both ends fit well within 150 MB.
    assert.ok(peakRss - start.rss < 150 * MB, `peak RSS grew by ${((peakRss - start.rss) / MB).toFixed(0)} MB`);
    // Nothing is kept per call (3,000 calls of ~200 bytes each would be far more than this): after the load the heap
    // is back within a few MB of its start (compiled code and caches warm up once), and later waves level off:
    // 12 waves measured 9.0 → 13.1 MB, flat from the sixth on.
    assert.ok(
      heapAfterWave.at(-1)! - start.heap < 12 * MB,
      `heap grew by ${((heapAfterWave.at(-1)! - start.heap) / MB).toFixed(1)} MB`,
    );
    assert.ok(heapAfterWave.at(-1)! - heapAfterWave[0]! < 6 * MB, 'heap keeps growing from wave to wave');
  });

  it('streams every caller its own progress and result, with bounded memory', async () => {
    collectGarbage();
    const start = { rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed };
    const sampler = new RssSampler();
    stats.maxInFlight = 0;
    let result;
    try {
      result = await driveEchoCalls(app.port, '/tools/get_weather/call', CALLS, CALLS, true);
    } finally {
      sampler.stop();
    }
    assert.deepEqual(result.problems.slice(0, 5), [], `${result.problems.length} problems`);
    assert.equal(result.latenciesMs.length, CALLS);
    assert.equal(stats.maxInFlight, CALLS, 'all streamed calls were in flight together');
    await app.drained();
    collectGarbage();
    const heap = process.memoryUsage().heapUsed;
    console.log(
      `load, streamed: ${CALLS} calls in ${Math.round(result.elapsedMs)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(0)} ms; ` +
        `rss peak +${((sampler.peak - start.rss) / MB).toFixed(0)} MB, heap after ${((heap - start.heap) / MB).toFixed(1)} MB from start`,
    );
    assert.ok(
      sampler.peak - start.rss < 150 * MB,
      `peak RSS grew by ${((sampler.peak - start.rss) / MB).toFixed(0)} MB`,
    );
    // Nothing of a finished stream is kept: its events, its questions board entry and its call are all let go.
    assert.ok(heap - start.heap < 12 * MB, `heap grew by ${((heap - start.heap) / MB).toFixed(1)} MB`);
  });
});
