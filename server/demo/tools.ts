// The built-in demo tools: one small tool per thing the console can show. Names use `/` and `.` namespaces so the
// list groups them; the schemas cover what real servers use (nested objects, arrays, enums, nullable, oneOf, $ref).
import type { Tool, ToolAnnotations } from '../types.js';
import { DICE_APP_URI } from './dice-app.js';

// Most demo tools only compute: they read nothing outside, change nothing and give the same answer twice.
const pure: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const numberPair = {
  type: 'object',
  properties: {
    a: { type: 'number', description: 'The first number.' },
    b: { type: 'number', description: 'The second number.' },
  },
  required: ['a', 'b'],
  additionalProperties: false,
};

const statisticsOutput = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    sum: { type: 'number' },
    mean: { type: 'number' },
    median: { type: 'number' },
    min: { type: 'number' },
    max: { type: 'number' },
  },
  required: ['count', 'sum', 'mean', 'median', 'min', 'max'],
};

const meetingSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    person: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        email: { type: 'string', format: 'email' },
        optional: { type: 'boolean', default: false, description: 'Whether attendance is optional.' },
      },
      required: ['name', 'email'],
      additionalProperties: false,
    },
  },
  properties: {
    topic: { type: 'string', description: 'What the meeting is about.', default: 'Weekly sync' },
    date: { type: 'string', format: 'date', description: 'The day, as YYYY-MM-DD.' },
    durationMinutes: { type: 'integer', enum: [15, 30, 45, 60], default: 30 },
    priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal' },
    organizer: { $ref: '#/$defs/person' },
    attendees: { type: 'array', items: { $ref: '#/$defs/person' }, minItems: 1 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, description: 'Free-form labels.' },
    location: {
      description: 'Where it happens.',
      oneOf: [
        {
          title: 'In person',
          type: 'object',
          properties: { kind: { const: 'room' }, building: { type: 'string' }, room: { type: 'string' } },
          required: ['kind', 'room'],
        },
        {
          title: 'Video call',
          type: 'object',
          properties: { kind: { const: 'video' }, url: { type: 'string', format: 'uri' } },
          required: ['kind', 'url'],
        },
      ],
    },
    reminder: {
      description: 'When to remind the attendees.',
      oneOf: [
        { const: 'none', title: 'No reminder' },
        { const: '10m', title: '10 minutes before' },
        { const: '1d', title: 'The day before' },
      ],
      default: '10m',
    },
    recurrence: {
      type: 'object',
      properties: {
        frequency: { type: 'string', enum: ['daily', 'weekly', 'monthly'] },
        until: { type: ['string', 'null'], format: 'date', description: 'Last day; null repeats forever.' },
      },
      required: ['frequency'],
    },
    notes: { type: ['string', 'null'], description: 'Anything else; may be null.' },
  },
  required: ['date', 'organizer', 'attendees'],
  additionalProperties: false,
};

export const demoTools: Tool[] = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns the message as plain text, repeated as many times as asked.',
    inputSchema: {
      type: 'object',
      properties: {
        message: { type: 'string', description: 'What to say back.' },
        repeat: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
      },
      required: ['message'],
    },
    annotations: pure,
  },
  {
    name: 'math/add',
    title: 'Add two numbers',
    description: 'Adds a and b; the answer comes as text and as structured content.',
    inputSchema: numberPair,
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    annotations: pure,
  },
  {
    name: 'math/divide',
    title: 'Divide',
    description: 'Divides a by b. Dividing by zero gives an error result (isError: true), not an exception.',
    inputSchema: numberPair,
    annotations: pure,
  },
  {
    name: 'math/statistics',
    title: 'Statistics of a list',
    description: 'Count, sum, mean, median, min and max of a list of numbers, as JSON and structured content.',
    inputSchema: {
      type: 'object',
      properties: { values: { type: 'array', items: { type: 'number' }, minItems: 1, default: [3, 1, 4, 1, 5] } },
      required: ['values'],
    },
    outputSchema: statisticsOutput,
    annotations: pure,
  },
  {
    name: 'text.reverse',
    title: 'Reverse text',
    description: 'Reverses the characters or the word order of a text.',
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'The text to reverse.' },
        by: { type: 'string', enum: ['characters', 'words'], default: 'characters' },
      },
      required: ['text'],
    },
    annotations: pure,
  },
  {
    name: 'play/dice',
    title: 'Roll dice',
    description: 'Rolls dice and shows them in its own interface (an MCP App), where you can roll again.',
    inputSchema: {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 10, default: 3, description: 'How many dice.' },
        sides: { type: 'integer', enum: [4, 6, 8, 10, 12, 20], default: 6, description: 'Faces of each die.' },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { rolls: { type: 'array', items: { type: 'integer' } }, total: { type: 'integer' } },
      required: ['rolls', 'total'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    _meta: { ui: { resourceUri: DICE_APP_URI } },
  },
  {
    name: 'draw/bar-chart',
    title: 'Draw a bar chart',
    description: 'Draws the values as a bar chart and returns it as a PNG image.',
    inputSchema: {
      type: 'object',
      properties: {
        values: {
          type: 'array',
          items: { type: 'number', minimum: 0 },
          minItems: 1,
          maxItems: 32,
          default: [3, 7, 4, 9, 5],
        },
        palette: { type: 'string', enum: ['ocean', 'sunset', 'forest'], default: 'ocean' },
        size: { type: 'integer', enum: [64, 128, 256], default: 128, description: 'Width and height in pixels.' },
      },
    },
    annotations: pure,
  },
  {
    name: 'sound/tone',
    title: 'Play a tone',
    description: 'Synthesises a sine tone and returns it as WAV audio.',
    inputSchema: {
      type: 'object',
      properties: {
        frequencyHz: { type: 'number', minimum: 100, maximum: 2000, default: 440 },
        seconds: { type: 'number', minimum: 0.1, maximum: 2, default: 0.5 },
      },
    },
    annotations: pure,
  },
  {
    name: 'notes/read',
    title: 'Read a note',
    description: 'Returns a note from the in-memory notebook as an embedded resource, with links to the others.',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'Note id, e.g. "welcome".', default: 'welcome' } },
      required: ['id'],
    },
    annotations: pure,
  },
  {
    name: 'notes/delete',
    title: 'Delete a note',
    description: 'Deletes a note from the in-memory notebook. It is gone until the console restarts.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  },
  {
    name: 'calendar/schedule-meeting',
    title: 'Schedule a meeting',
    description:
      'Checks a meeting request and returns the meeting it would book. Its form shows off the schema support.',
    inputSchema: meetingSchema,
    annotations: pure,
  },
  {
    name: 'debug/sleep',
    title: 'Sleep (cancellable)',
    description: 'Waits for the given number of seconds, then answers. Cancel it from the page to see it stop.',
    inputSchema: {
      type: 'object',
      properties: { seconds: { type: 'number', minimum: 0, maximum: 300, default: 5 } },
    },
    annotations: pure,
  },
  {
    name: 'jobs/process-batch',
    title: 'Process a batch (live progress and log)',
    description:
      'Works through a batch item by item, reporting its progress and writing log lines as it goes: the console shows ' +
      'them while the call runs. Cancel it to see it stop.',
    inputSchema: {
      type: 'object',
      properties: {
        items: { type: 'integer', minimum: 1, maximum: 100, default: 8, description: 'How many items to process.' },
        secondsPerItem: { type: 'number', minimum: 0, maximum: 10, default: 0.5 },
      },
    },
    annotations: pure,
  },
  {
    name: 'questions/book-table',
    title: 'Book a table (asks you a question)',
    description: 'Asks you for the booking details in a dialog while it runs (an MCP elicitation), then books.',
    inputSchema: { type: 'object', properties: {} },
    // It books (in make-believe): not read-only, and booking twice books two tables.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: 'questions/sign-in',
    title: 'Sign in (asks you to open a page)',
    description:
      'Asks you to open a sign-in page (a URL elicitation): the console shows its domain and opens it only when you say so.',
    inputSchema: { type: 'object', properties: {} },
    annotations: pure,
  },
  {
    name: 'debug/throw',
    title: 'Throw an exception',
    description: 'Its handler throws, to show how the console reports a tool that crashed.',
    inputSchema: { type: 'object', properties: { message: { type: 'string', default: 'Something went wrong.' } } },
    annotations: pure,
  },
];
