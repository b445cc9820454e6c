// Drives many concurrent calls at a running console and keeps every answer apart, for the load test and the load
// benchmark alike: a slow echo handler whose every answer names its own arguments, a driver that checks each answer
// against the request that caused it, and a memory sampler.
import { Agent, request } from 'node:http';
import { createServer, type ToolCallHandler, type ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';

/**
 * The console on a loopback port with an accept backlog deep enough for a thousand simultaneous connects (node's
 * default of 511 drops the rest, whose SYN retries then add whole seconds of latency that are not the server's).
 */
export async function listenForLoad(options: ToolConsoleOptions) {
  const server = createServer(options);
  const port = await listen(server, { backlog: 2048 });
  /** Resolves once the server has let go of every connection (clients hang up asynchronously), or after 2 s. */
  const drained = async () => {
    for (let waited = 0; waited < 2000; waited += 10) {
      const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
      if (open === 0) return;
      await pause(10);
    }
  };
  return { server, port, close: () => close(server), drained };
}

function echo(args: Record<string, unknown>) {
  return [[{ type: 'text' as const, text: JSON.stringify(args) }], false, `call-${String(args.id)}`] as const;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Echoes its arguments after a pause drawn from `[minMs, maxMs]`, with the call's id as trace id. */
export function slowEchoHandler(minMs: number, maxMs: number) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const handleCall: ToolCallHandler = async (_name, args) => {
    stats.calls++;
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    await pause(minMs + Math.random() * (maxMs - minMs));
    stats.inFlight--;
    return echo(args) as never;
  };
  return { handleCall, stats };
}

/**
 * Echoes its arguments once `gather` calls are in flight together, then after a random 0-50 ms, so answers leave in
 * a shuffled order: the strictest test that no answer reaches the wrong caller. (No time limit on the gathering: a
 * call that never arrives is the test's failure, after its timeout.)
 */
export function gatheringEchoHandler(gather: number) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  let gathered: () => void = () => {};
  let allHere = new Promise<void>((resolve) => (gathered = resolve));
  const handleCall: ToolCallHandler = async (_name, args, _req, ctx) => {
    stats.calls++;
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    // A streamed call's own progress event names its id (a plain call's progress goes nowhere).
    ctx.progress(Number(args.id));
    if (stats.inFlight >= gather) gathered();
    await allHere;
    await pause(Math.random() * 50);
    if (--stats.inFlight === 0) allHere = new Promise<void>((resolve) => (gathered = resolve));
    return echo(args) as never;
  };
  return { handleCall, stats };
}

export interface LoadResult {
  latenciesMs: number[];
  /** Answers that were lost, failed or belonged to another call. */
  problems: string[];
  elapsedMs: number;
}

function callOnce(
  port: number,
  agent: Agent,
  path: string,
  body: string,
  streamed: boolean,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (streamed) headers.accept = 'text/event-stream';
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The events of a whole event-stream answer, in order. */
function eventsOf(text: string): { event: string; data: unknown }[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
}

/**
 * What a streamed answer of call `id` must be: its own progress event, then its result (the plain answer's status and
 * body). Returns the plain answer it carries, or a problem.
 */
function unstream(id: number, answer: { status: number; text: string }): { status: number; text: string } | string {
  if (answer.status !== 200) return `call ${id}: HTTP ${answer.status} before the stream`;
  const events = eventsOf(answer.text);
  const [progress, result] = events;
  if (events.length !== 2 || progress.event !== 'progress' || result.event !== 'result')
    return `call ${id}: events ${events.map((event) => event.event).join(', ')}`;
  if ((progress.data as { progress: number }).progress !== id)
    return `call ${id}: got another call's progress: ${JSON.stringify(progress.data)}`;
  const { status, result: body } = result.data as { status: number; result: unknown };
  return { status, text: JSON.stringify(body) };
}

/**
 * Sends `count` calls of `path` with `concurrency` in flight, each with its own arguments `{id, nonce, pad}`, and
 * checks that every answer echoes exactly those arguments with the matching trace id. `streamed` calls ask for an
 * event stream, and each must also carry its own progress event.
 */
export async function driveEchoCalls(
  port: number,
  path: string,
  count: number,
  concurrency: number,
  streamed = false,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latenciesMs: number[] = [];
  const problems: string[] = [];
  let nextId = 0;
  const started = performance.now();
  const worker = async () => {
    while (nextId < count) {
      const id = nextId++;
      const args = { id, nonce: Math.random().toString(36).slice(2), pad: 'x'.repeat(id % 200) };
      const body = JSON.stringify(args);
      const sent = performance.now();
      try {
        const received = await callOnce(port, agent, path, body, streamed);
        latenciesMs.push(performance.now() - sent);
        const answer = streamed ? unstream(id, received) : received;
        if (typeof answer === 'string') {
          problems.push(answer);
          continue;
        }
        const result = JSON.parse(answer.text);
        if (answer.status !== 200) problems.push(`call ${id}: HTTP ${answer.status}`);
        else if (result.content?.[0]?.text !== body)
          problems.push(`call ${id}: got another call's answer: ${answer.text.slice(0, 120)}`);
        else if (result._meta?._trace_id !== `call-${id}`)
          problems.push(`call ${id}: trace id ${result._meta?._trace_id}`);
      } catch (error) {
        problems.push(`call ${id}: ${(error as Error).message}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { latenciesMs, problems, elapsedMs: performance.now() - started };
}

/** The `p`th percentile (0..100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Samples the process's resident set size every few milliseconds and remembers the peak. */
export class RssSampler {
  peak = process.memoryUsage.rss();
  // unref: a test that fails before stop() must not be kept alive by the sampler.
  readonly #timer = setInterval(() => (this.peak = Math.max(this.peak, process.memoryUsage.rss())), 5).unref();

  stop(): number {
    clearInterval(this.#timer);
    return (this.peak = Math.max(this.peak, process.memoryUsage.rss()));
  }
}

export const MB = 1024 * 1024;
