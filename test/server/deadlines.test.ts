// The list that times the calls of one limit's duration: each deadline expires at its own time, not the list's, and the
// one timer behind them keeps the process alive while a deadline waits, and only then.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Deadline, DeadlineList } from '../../server/core/calls/deadlines.js';

const MS = 60;
// node fires a timer by the event loop's clock, read when the loop last woke: a timer set late in a busy turn fires a
// few milliseconds before its time by performance.now(). The list answers to its timer, as setTimeout's callers do;
// a deadline that expired with another's time would be 25 ms early here.
const SLACK_MS = 5;

/** A deadline that records when it expired, in performance.now() time, and when it was started. */
function recorded(name: string, expired: string[]) {
  const times: { started?: number; expired?: number } = {};
  const deadline = new Deadline(() => {
    times.expired = performance.now();
    expired.push(name);
  });
  return {
    deadline,
    times,
    startIn(list: DeadlineList) {
      times.started = performance.now();
      list.start(deadline);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `expired` has `count` entries (or gives up after a second). */
async function untilExpired(expired: string[], count: number): Promise<void> {
  for (let waited = 0; expired.length < count && waited < 1000; waited += 5) await sleep(5);
}

describe('a deadline list', () => {
  it('expires each deadline no sooner than its own time, in the order they started', async () => {
    const list = new DeadlineList(MS);
    const expired: string[] = [];
    const first = recorded('first', expired);
    const second = recorded('second', expired);
    first.startIn(list);
    await sleep(25);
    second.startIn(list);
    await untilExpired(expired, 2);
    assert.deepEqual(expired, ['first', 'second']);
    for (const { times } of [first, second])
      assert.ok(times.expired! - times.started! >= MS - SLACK_MS, 'expired early');
  });

  it('never expires a stopped deadline, and one started again waits its whole time from then', async () => {
    const list = new DeadlineList(MS);
    const expired: string[] = [];
    const stopped = recorded('stopped', expired);
    const restarted = recorded('restarted', expired);
    const steady = recorded('steady', expired);
    stopped.startIn(list);
    restarted.startIn(list);
    steady.startIn(list);
    list.stop(stopped.deadline);
    await sleep(25);
    restarted.startIn(list);
    await untilExpired(expired, 2);
    await sleep(MS); // room for the stopped one to fire, were it still waiting
    assert.deepEqual(expired, ['steady', 'restarted']);
    assert.ok(
      restarted.times.expired! - restarted.times.started! >= MS - SLACK_MS,
      'the restarted deadline expired early',
    );
  });

  it('lets an expiring deadline start another, which waits its whole time', async () => {
    const list = new DeadlineList(MS);
    const expired: string[] = [];
    const next = recorded('next', expired);
    const first = new Deadline(() => {
      expired.push('first');
      next.startIn(list);
    });
    list.start(first);
    await untilExpired(expired, 2);
    assert.deepEqual(expired, ['first', 'next']);
    assert.ok(next.times.expired! - next.times.started! >= MS - SLACK_MS, 'the second deadline expired early');
  });
});

/** What a node process running `script` (with DeadlineList imported) printed once it ended. */
async function inFreshProcess(script: string): Promise<string> {
  const entry = JSON.stringify(new URL('../../server/core/calls/deadlines.js', import.meta.url).href);
  const source = `const { Deadline, DeadlineList } = await import(${entry});\n${script}`;
  const ended = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', source], {
    timeout: 60_000,
  });
  return ended.stdout;
}

describe("a deadline list's timer", () => {
  it('keeps the process alive while a deadline waits, also when its timer was kept from an earlier one', async () => {
    const printed = await inFreshProcess(`
      const list = new DeadlineList(${MS});
      const earlier = new Deadline(() => console.log('the stopped deadline expired'));
      list.start(earlier);
      list.stop(earlier);
      list.start(new Deadline(() => console.log('expired')));
    `);
    assert.equal(printed, 'expired\n');
  });

  it('lets the process end once no deadline waits, however long the duration', async () => {
    const printed = await inFreshProcess(`
      const list = new DeadlineList(600_000);
      const deadline = new Deadline(() => console.log('expired'));
      list.start(deadline);
      list.stop(deadline);
      console.log('stopped');
    `);
    assert.equal(printed, 'stopped\n');
  });
});
