// The output-schema check: a successful result of a tool that declares an outputSchema carries the server's verdict on
// its structuredContent in the Tool-Output-Check header (ASCII JSON), through both adapters; the body stays exactly
// the CallToolResult the tool returned, and nothing else gets the header.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import type { CallResult, OutputCheck, Tool, ToolCallHandler } from '../../server/index.js';
import { OUTPUT_CHECK_HEADER } from '../../protocol/index.js';
import { close, listen } from '../support/listen.js';
import { callPath, rawRequest, recordingLogger, startConsole, type Answer, type RunningConsole } from './helpers.js';

const header = OUTPUT_CHECK_HEADER.toLowerCase();
const noArguments = { type: 'object', properties: {} };
const answerSchema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
const ELEVEN_FIELDS = Array.from({ length: 11 }, (_, i) => `field${String(i).padStart(2, '0')}`);

const withOutput = (name: string, outputSchema: unknown): Tool => ({
  name,
  description: name,
  inputSchema: noArguments,
  outputSchema: outputSchema as Tool['outputSchema'],
});

/** What each tool returns, by name. */
const results: Record<string, CallResult | [CallResult['content'], boolean]> = {
  matches: { content: [{ type: 'text', text: '{"answer":42}' }], structuredContent: { answer: 42 } },
  mismatches: { content: [{ type: 'text', text: 'forty-two' }], structuredContent: { answer: 'forty-two' } },
  unstructured: [[{ type: 'text', text: '42' }], false],
  'error-result': { content: [{ type: 'text', text: 'broken' }], isError: true, structuredContent: { answer: 'x' } },
  'many-errors': { content: [], structuredContent: {} },
  unicode: { content: [], structuredContent: { größe: 'groß', 日本: 1 } },
  'long-enum': { content: [], structuredContent: { colour: 'none of them' } },
  'broken-schema': { content: [], structuredContent: { answer: 42 } },
  'string-schema': { content: [], structuredContent: { answer: 42 } },
  'draft-07': { content: [], structuredContent: { pair: ['a', 'b'] } },
  'no-schema': { content: [{ type: 'text', text: 'plain' }], structuredContent: { anything: true } },
  big: { content: [{ type: 'text', text: 'x'.repeat(5000) }], structuredContent: { answer: 1 } },
};

const tools: Tool[] = [
  withOutput('matches', answerSchema),
  withOutput('mismatches', answerSchema),
  withOutput('unstructured', answerSchema),
  withOutput('error-result', answerSchema),
  withOutput('throws', answerSchema),
  withOutput('many-errors', {
    type: 'object',
    properties: Object.fromEntries(ELEVEN_FIELDS.map((field) => [field, { type: 'string' }])),
    required: ELEVEN_FIELDS,
  }),
  withOutput('unicode', {
    type: 'object',
    properties: { größe: { type: 'number' }, 日本: { type: 'string', description: 'ü' } },
    additionalProperties: false,
  }),
  withOutput('long-enum', {
    type: 'object',
    properties: { colour: { enum: Array.from({ length: 2000 }, (_, i) => `colour number ${i}`) } },
  }),
  withOutput('broken-schema', { type: 'object', properties: { answer: { type: 'not-a-type' } } }),
  withOutput('string-schema', 'an object, please'),
  // draft-07's tuple form of `items`, which 2020-12 spells prefixItems: compiled with the draft it names.
  withOutput('draft-07', {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
  }),
  { name: 'no-schema', description: 'no outputSchema', inputSchema: noArguments },
  { name: 'matches-unchecked', description: 'matches without an outputSchema', inputSchema: noArguments },
  { name: 'null-schema', description: 'outputSchema: null', inputSchema: noArguments, outputSchema: null },
  withOutput('big', answerSchema),
];

const handleCall: ToolCallHandler<unknown> = (name) => {
  if (name === 'throws') throw new Error('the handler failed');
  if (name === 'matches-unchecked') return results.matches!;
  return results[name] ?? { content: [], structuredContent: { answer: 1 } };
};

/** The verdict an answer carries, parsed; undefined when it has none. Its raw value must be printable ASCII. */
function verdict(answer: Answer): OutputCheck | undefined {
  const raw = answer.headers[header];
  if (raw === undefined) return undefined;
  assert.equal(typeof raw, 'string');
  assert.match(raw as string, /^[\x20-\x7e]*$/, 'the header value is printable ASCII');
  return JSON.parse(raw as string) as OutputCheck;
}

describe('the output check (node adapter)', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ tools, handleCall: handleCall as ToolCallHandler, allowExecute: true });
  });
  after(() => app.close());
  const call = (name: string, headers?: Record<string, string>) =>
    app.request('POST', callPath(name), { body: '{}', headers });

  it('says a matching result matches, and leaves the body exactly as the tool returned it', async () => {
    const answer = await call('matches');
    assert.equal(answer.status, 200);
    assert.deepEqual(verdict(answer), { valid: true });
    const unchecked = await call('matches-unchecked');
    assert.equal(answer.text, unchecked.text);
    assert.deepEqual(answer.json, { ...results.matches, isError: false });
  });

  it('lists the mismatches of a result that breaks its schema, as validate does, with a 200 still', async () => {
    const answer = await call('mismatches');
    assert.equal(answer.status, 200);
    assert.deepEqual(verdict(answer), {
      valid: false,
      errors: [{ path: '/answer', keyword: 'type', message: 'must be number' }],
    });
    assert.deepEqual(answer.json.structuredContent, { answer: 'forty-two' }, 'the result is never hidden');
  });

  it('says so when a tool with an outputSchema answers without structuredContent', async () => {
    assert.deepEqual(verdict(await call('unstructured')), {
      valid: false,
      errors: [
        {
          path: '',
          keyword: 'required',
          message: 'The result has no structuredContent, though the tool declares an outputSchema.',
        },
      ],
    });
  });

  it('checks nothing for an isError result, a handler that throws, or a tool without an outputSchema', async () => {
    for (const name of ['error-result', 'throws', 'no-schema', 'null-schema']) {
      const answer = await call(name);
      assert.equal(answer.headers[header], undefined, name);
      assert.equal(answer.status, name === 'error-result' || name === 'throws' ? 500 : 200, name);
    }
  });

  it('lists at most 10 errors and says there were more', async () => {
    const check = verdict(await call('many-errors'));
    assert.equal(check?.valid, false);
    assert.ok(!check.valid);
    assert.equal(check.errors.length, 10);
    assert.equal(check.truncated, true);
    assert.deepEqual(check.errors[0], {
      path: '/field00',
      keyword: 'required',
      message: "must have required property 'field00'",
    });
  });

  it('escapes non-ASCII text as \\uXXXX, which reads back as the same text', async () => {
    const answer = await call('unicode');
    assert.match(String(answer.headers[header]), /\\u00f6/);
    assert.deepEqual(verdict(answer), {
      valid: false,
      errors: [
        { path: '/größe', keyword: 'type', message: 'must be number' },
        { path: '/日本', keyword: 'type', message: 'must be string' },
      ],
    });
  });

  it('keeps the header short when a message is long (an enum of 2,000 values)', async () => {
    const answer = await call('long-enum');
    const raw = String(answer.headers[header]);
    assert.ok(raw.length <= 4096, `${raw.length} characters`);
    const check = verdict(answer);
    assert.ok(check && !check.valid);
    assert.equal(check.errors[0]?.path, '/colour');
    assert.equal(check.errors[0]?.keyword, 'enum');
    assert.match(check.errors[0]!.message, /^must be equal to one of the allowed values: "colour number 0", .*\.\.\.$/);
  });

  it('reports an outputSchema that does not compile as one schema error', async () => {
    const broken = verdict(await call('broken-schema'));
    assert.ok(broken && !broken.valid);
    assert.equal(broken.errors.length, 1);
    assert.equal(broken.errors[0]?.keyword, 'schema');
    assert.equal(broken.errors[0]?.path, '');
    assert.match(broken.errors[0]!.message, /^Invalid schema: /);
    assert.deepEqual(verdict(await call('string-schema')), {
      valid: false,
      errors: [{ path: '', keyword: 'schema', message: 'Invalid schema: outputSchema must be a JSON Schema object' }],
    });
  });

  it('compiles an outputSchema with the draft its $schema names', async () => {
    assert.deepEqual(verdict(await call('draft-07')), {
      valid: false,
      errors: [{ path: '/pair/1', keyword: 'type', message: 'must be number' }],
    });
  });

  it('keeps the header on a compressed answer', async () => {
    const answer = await call('big', { 'Accept-Encoding': 'br' });
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.deepEqual(verdict(answer), { valid: true });
  });
});

describe('the output check across origins', () => {
  it('lets an allowed cross-origin page read the header', async () => {
    for (const corsOrigins of [['https://app.example'], '*'] as const) {
      const app = await startConsole({
        tools,
        handleCall: handleCall as ToolCallHandler,
        allowExecute: true,
        corsOrigins,
      });
      try {
        const answer = await app.request('POST', callPath('matches'), {
          body: '{}',
          headers: { Origin: 'https://app.example' },
        });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['access-control-expose-headers'], OUTPUT_CHECK_HEADER);
        assert.deepEqual(verdict(answer), { valid: true });
      } finally {
        await app.close();
      }
    }
  });
});

describe('the output check (Fetch handler)', () => {
  let server: Server;
  let port: number;
  before(async () => {
    const handler = createFetchHandler({
      tools,
      handleCall: handleCall as ToolCallHandler<Request>,
      allowExecute: true,
      logger: recordingLogger(),
    });
    server = createAdaptorServer({ fetch: handler }) as Server;
    port = await listen(server);
  });
  after(() => close(server));

  it('sends the same verdicts and bodies', async () => {
    const matches = await rawRequest(port, 'POST', callPath('matches'), { body: '{}' });
    assert.deepEqual(verdict(matches), { valid: true });
    const unchecked = await rawRequest(port, 'POST', callPath('matches-unchecked'), { body: '{}' });
    assert.equal(matches.text, unchecked.text);
    const unicode = await rawRequest(port, 'POST', callPath('unicode'), { body: '{}' });
    assert.equal(verdict(unicode)?.valid, false);
    const plain = await rawRequest(port, 'POST', callPath('no-schema'), { body: '{}' });
    assert.equal(plain.headers[header], undefined);
  });
});
