// What the demo tools do. Arguments arrive unvalidated (a caller may skip the validate endpoint), so each
// handler reads them defensively and throws a plain message when one is unusable.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallContext, CallResult } from '../types.js';
import { drawBarChart } from './chart.js';
import { encodePng } from './png.js';
import { encodeToneWav } from './wav.js';

type Args = Record<string, unknown>;
type DemoHandler = (args: Args, ctx: CallContext | undefined) => CallResult | Promise<CallResult>;

function text(value: string): CallResult {
  return { content: [{ type: 'text', text: value }] };
}

/** Structured content, and the same JSON as text for clients that only read text (as the MCP spec advises). */
function json(value: Record<string, unknown>): CallResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

function numberArg(args: Args, key: string, fallback?: number): number {
  const value = args[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`"${key}" must be a number.`);
  return value;
}

function stringArg(args: Args, key: string, fallback?: string): string {
  const value = args[key] ?? fallback;
  if (typeof value !== 'string') throw new Error(`"${key}" must be a string.`);
  return value;
}

function numbersArg(args: Args, key: string, fallback: number[]): number[] {
  const value = args[key] ?? fallback;
  if (
    !Array.isArray(value) ||
    !value.length ||
    !value.every((item) => typeof item === 'number' && Number.isFinite(item))
  ) {
    throw new Error(`"${key}" must be a non-empty array of numbers.`);
  }
  return value;
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const welcomeNotes: Record<string, string> = {
  welcome: '# Welcome\n\nThis note came back as an embedded `text/markdown` resource.',
  shopping: '# Shopping\n\n- bread\n- coffee\n- oranges',
  ideas: '# Ideas\n\nA console that draws its own charts.',
};

/** A notebook of the demo's own, so one console's deletions never touch another's. */
export function createNotebook(): Map<string, string> {
  return new Map(Object.entries(welcomeNotes));
}

/** A note's resource URI: results link to notes by it, and the demo's `readResource` reads them back. */
export const noteUri = (id: string) => `note://demo/${encodeURIComponent(id)}`;

/** The demo's handlers, working on `notes`. */
export function createDemoHandlers(notes: Map<string, string>): Map<string, DemoHandler> {
  return new Map<string, DemoHandler>([
    [
      'echo',
      (args) => text(stringArg(args, 'message').repeat(Math.min(10, Math.max(1, numberArg(args, 'repeat', 1))))),
    ],
    [
      'math/add',
      (args) => {
        const sum = numberArg(args, 'a') + numberArg(args, 'b');
        return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum } };
      },
    ],
    [
      'math/divide',
      (args) => {
        const [a, b] = [numberArg(args, 'a'), numberArg(args, 'b')];
        if (b === 0) return { content: [{ type: 'text', text: `Cannot divide ${a} by zero.` }], isError: true };
        return text(String(a / b));
      },
    ],
    [
      'math/statistics',
      (args) => {
        const values = numbersArg(args, 'values', [3, 1, 4, 1, 5]);
        const sorted = [...values].sort((x, y) => x - y);
        const sum = values.reduce((total, value) => total + value, 0);
        return json({
          count: values.length,
          sum,
          mean: sum / values.length,
          median: median(sorted),
          min: sorted[0],
          max: sorted.at(-1),
        });
      },
    ],
    [
      'text.reverse',
      (args) => {
        const input = stringArg(args, 'text');
        const byWords = stringArg(args, 'by', 'characters') === 'words';
        return text(byWords ? input.split(/(\s+)/).reverse().join('') : [...input].reverse().join(''));
      },
    ],
    [
      'play/dice',
      (args) => {
        const count = Math.min(10, Math.max(1, Math.trunc(numberArg(args, 'count', 3))));
        const sides = [4, 6, 8, 10, 12, 20].includes(args.sides as number) ? (args.sides as number) : 6;
        const rolls = Array.from({ length: count }, () => randomInt(1, sides + 1));
        return json({ rolls, total: rolls.reduce((sum, roll) => sum + roll, 0) });
      },
    ],
    [
      'draw/bar-chart',
      (args) => {
        const values = numbersArg(args, 'values', [3, 7, 4, 9, 5]).slice(0, 32);
        const size = [64, 128, 256].includes(args.size as number) ? (args.size as number) : 128;
        const png = encodePng(drawBarChart(values, stringArg(args, 'palette', 'ocean'), size));
        return {
          content: [
            { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
            { type: 'text', text: `A ${size}×${size} bar chart of ${values.length} values (${png.length} bytes).` },
          ],
        };
      },
    ],
    [
      'sound/tone',
      (args) => {
        const frequencyHz = Math.min(2000, Math.max(100, numberArg(args, 'frequencyHz', 440)));
        const seconds = Math.min(2, Math.max(0.1, numberArg(args, 'seconds', 0.5)));
        const wav = encodeToneWav(frequencyHz, seconds);
        return { content: [{ type: 'audio', data: wav.toString('base64'), mimeType: 'audio/wav' }] };
      },
    ],
    [
      'notes/read',
      (args) => {
        const id = stringArg(args, 'id', 'welcome');
        const note = notes.get(id);
        if (note === undefined) return { content: [{ type: 'text', text: `No note "${id}".` }], isError: true };
        const others = [...notes.keys()].filter((other) => other !== id);
        return {
          content: [
            { type: 'resource', resource: { uri: noteUri(id), mimeType: 'text/markdown', text: note } },
            ...others.map((other) => ({
              type: 'resource_link' as const,
              uri: noteUri(other),
              name: other,
              mimeType: 'text/markdown',
            })),
          ],
        };
      },
    ],
    [
      'notes/delete',
      (args) => {
        const id = stringArg(args, 'id');
        if (!notes.delete(id))
          return { content: [{ type: 'text', text: `No note "${id}" to delete.` }], isError: true };
        return text(`Deleted note "${id}". ${notes.size} left.`);
      },
    ],
    [
      'calendar/schedule-meeting',
      (args) => {
        const meeting = {
          topic: 'Weekly sync',
          durationMinutes: 30,
          priority: 'normal',
          reminder: '10m',
          ...args,
          id: `mtg-${Date.now().toString(36)}`,
        };
        return json(meeting);
      },
    ],
    [
      'debug/sleep',
      async (args, ctx) => {
        const seconds = Math.min(300, Math.max(0, numberArg(args, 'seconds', 5)));
        // Rejects with an AbortError as soon as the console cancels the call (timeout, Cancel, client gone).
        await sleep(seconds * 1000, undefined, { signal: ctx?.signal });
        return text(`Slept for ${seconds} s.`);
      },
    ],
    [
      'jobs/process-batch',
      async (args, ctx) => {
        const items = Math.round(Math.min(100, Math.max(1, numberArg(args, 'items', 8))));
        const seconds = Math.min(10, Math.max(0, numberArg(args, 'secondsPerItem', 0.5)));
        ctx?.log('info', `Starting a batch of ${items} items.`, 'batch');
        for (let item = 1; item <= items; item++) {
          await sleep(seconds * 1000, undefined, { signal: ctx?.signal });
          // Every third item "needs a retry": something worth a warning in the log.
          if (item % 3 === 0)
            ctx?.log('warning', `Item ${item} was slow to answer; it went through on a retry.`, 'batch');
          ctx?.progress(item, items, `Processed item ${item} of ${items}`);
        }
        ctx?.log('info', { done: items, retried: Math.floor(items / 3) }, 'batch');
        return text(`Processed ${items} items.`);
      },
    ],
    [
      'questions/book-table',
      async (_args, ctx) => {
        if (!ctx) return text('Nobody to ask: run this from the console page.');
        const answer = await ctx.elicit({
          message: 'Which table should I book?',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', title: 'Name for the booking', minLength: 1 },
              guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
              time: { type: 'string', title: 'Time', enum: ['18:00', '19:30', '21:00'], default: '19:30' },
              terrace: { type: 'boolean', title: 'On the terrace', default: false },
            },
            required: ['name'],
          },
        });
        if (answer.action !== 'accept') return text(`No table booked: you chose ${answer.action}.`);
        const { name, guests, time, terrace } = answer.content ?? {};
        return json({ booked: true, name, guests, time, terrace });
      },
    ],
    [
      'questions/sign-in',
      async (_args, ctx) => {
        if (!ctx) return text('Nobody to ask: run this from the console page.');
        const answer = await ctx.elicit({
          mode: 'url',
          message: 'Sign in to the example service to go on.',
          url: 'https://example.com/',
          elicitationId: `sign-in-${Date.now().toString(36)}`,
        });
        return text(
          answer.action === 'accept'
            ? 'You opened the sign-in page. (A real tool would now wait until the service says you signed in.)'
            : `Not signed in: you chose ${answer.action}.`,
        );
      },
    ],
    [
      'debug/throw',
      (args) => {
        throw new Error(stringArg(args, 'message', 'Something went wrong.'));
      },
    ],
  ]);
}
