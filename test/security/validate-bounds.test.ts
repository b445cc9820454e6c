// The validate route needs no auth, so what one request can cost is bounded: its own smaller body limit, a capped
// error list, linear `uniqueItems`, and a clear 400 for inputs nested deeper than any tool takes. (The time each
// worst case takes is measured by bench/validate/run.ts, not asserted here.)
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHandler, type Tool } from '../../server/index.js';
import { rawRequest, recordingLogger, startConsole, validatePath, type RunningConsole } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';

const people: Tool = {
  name: 'people',
  inputSchema: {
    type: 'object',
    properties: {
      people: {
        type: 'array',
        items: { type: 'object', required: ['name', 'age', 'email'], properties: { name: { type: 'string' } } },
      },
    },
  },
};
const tags: Tool = {
  name: 'tags',
  inputSchema: { type: 'object', properties: { tags: { type: 'array', uniqueItems: true } } },
};
const tree: Tool = {
  name: 'tree',
  inputSchema: {
    $defs: { node: { type: ['array', 'number'], items: { $ref: '#/$defs/node' } } },
    $ref: '#/$defs/node',
  },
};

const emptyPeople = (count: number) => `{"people":[${Array(count).fill('{}').join(',')}]}`;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('validate: bounded work for any input', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ tools: [people, tags, tree] });
  });
  after(() => app.close());
  const validate = (name: string, body: string) => app.request('POST', validatePath(name), { body });

  describe('body limit', () => {
    it('should accept 256 KiB by default and refuse one byte more with 413', async () => {
      const limit = 256 * 1024;
      const padding = (length: number) => `{"people":[],"pad":"${'x'.repeat(length - 22)}"}`;
      assert.equal(padding(limit).length, limit);
      const atLimit = await validate('people', padding(limit));
      assert.equal(atLimit.status, 200, atLimit.text);
      assert.equal(atLimit.json.valid, true);
      const over = await validate('people', padding(limit + 1));
      assert.equal(over.status, 413);
      assert.deepEqual(over.json, { error: 'Request body exceeds 262144 bytes.', limitBytes: 262144 });
    });

    it('should follow maxValidateBodyBytes, independently of maxBodyBytes', async () => {
      const small = await startConsole({ tools: [people], maxValidateBodyBytes: 100, maxBodyBytes: 10 });
      try {
        assert.equal(
          (await small.request('POST', validatePath('people'), { body: `{"p":"${'x'.repeat(80)}"}` })).status,
          200,
        );
        const over = await small.request('POST', validatePath('people'), { body: `{"p":"${'x'.repeat(100)}"}` });
        assert.equal(over.status, 413);
        // The validate route's own limit, not the call's.
        assert.deepEqual(over.json, { error: 'Request body exceeds 100 bytes.', limitBytes: 100 });
      } finally {
        await small.close();
      }
    });

    it('should refuse a bad maxValidateBodyBytes at startup', async () => {
      await assert.rejects(startConsole({ maxValidateBodyBytes: -1 }), /maxValidateBodyBytes must be an integer >= 0/);
    });
  });

  describe('error list', () => {
    it('should list every error of a small input', async () => {
      const answer = await validate('people', emptyPeople(1));
      assert.equal(answer.status, 200);
      assert.deepEqual(
        answer.json.errors.map((error: { path: string }) => error.path),
        ['/people/0/name', '/people/0/age', '/people/0/email'],
      );
      assert.equal(answer.json.truncated, undefined);
    });

    it('should list at most 50 errors and say that more exist', async () => {
      const answer = await validate('people', emptyPeople(100));
      assert.equal(answer.json.valid, false);
      assert.equal(answer.json.errors.length, 50);
      assert.equal(answer.json.errors[49].path, '/people/16/age');
      assert.equal(answer.json.truncated, true);
    });

    it('should answer the first error of a huge input in a small answer (was 69.8 MB of errors)', async () => {
      const body = emptyPeople(85_000);
      assert.ok(body.length < 256 * 1024);
      const answer = await validate('people', body);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json.errors, [
        { path: '/people/0/name', keyword: 'required', message: "must have required property 'name'" },
      ]);
      assert.equal(answer.json.truncated, true);
      assert.ok(answer.text.length < 1_000, `${answer.text.length} bytes`);
    });

    it('should say valid for a large valid input', async () => {
      const many = Array.from({ length: 5_000 }, (_, index) => `{"name":"n${index}","age":1,"email":"e"}`);
      const answer = await validate('people', `{"people":[${many.join(',')}]}`);
      assert.deepEqual(answer.json, { valid: true });
    });
  });

  describe('uniqueItems', () => {
    const cases: [string, unknown[], string | undefined][] = [
      ['distinct scalars', [1, '1', true, null, 1.5], undefined],
      ['a repeated number', [3, 1, 2, 1], 'items ## 1 and 3 are identical'],
      ['1 and 1.0', [1, 1.0], 'items ## 0 and 1 are identical'],
      [
        'objects equal up to key order',
        [
          { a: 1, b: [2] },
          { b: [2], a: 1 },
        ],
        'items ## 0 and 1 are identical',
      ],
      ['objects that differ', [{ a: 1 }, { a: '1' }, { a: 1, b: null }], undefined],
      [
        'nested arrays',
        [
          [1, [2]],
          [1, [2]],
        ],
        'items ## 0 and 1 are identical',
      ],
      ['strings that look like JSON', ['{"a":1}', { a: 1 }], undefined],
    ];
    for (const [label, list, duplicate] of cases) {
      it(`should judge ${label}`, async () => {
        const answer = await validate('tags', JSON.stringify({ tags: list }));
        if (duplicate === undefined) return assert.deepEqual(answer.json, { valid: true });
        assert.equal(answer.json.errors.length, 1);
        assert.equal(answer.json.errors[0].path, '/tags');
        assert.equal(answer.json.errors[0].keyword, 'uniqueItems');
        assert.equal(answer.json.errors[0].message, `must NOT have duplicate items (${duplicate})`);
      });
    }

    it('should check 40,000 distinct untyped items (blocked the server for seconds before)', async () => {
      const list = Array.from({ length: 40_000 }, (_, index) => index);
      const valid = await validate('tags', JSON.stringify({ tags: list }));
      assert.deepEqual(valid.json, { valid: true });
      list.push(39_999);
      const duplicate = await validate('tags', JSON.stringify({ tags: list }));
      assert.match(duplicate.json.errors[0].message, /items ## 39999 and 40000 are identical/);
    });
  });

  describe('depth', () => {
    it('should refuse a 5,000-deep input to a recursive schema with a clear 400 (was a 500)', async () => {
      const answer = await validate('tree', nested(5_000));
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.json, {
        valid: false,
        errors: [
          {
            path: '',
            keyword: 'depth',
            message: 'The arguments nest more than 64 levels deep; they are not validated.',
          },
        ],
      });
    });

    it('should validate 64 levels and refuse 65', async () => {
      assert.deepEqual((await validate('tree', nested(64))).json, { valid: true });
      assert.equal((await validate('tree', nested(65))).status, 400);
      assert.equal((await validate('tree', `[${nested(63)},"x"]`)).json.errors[0].path, '/1');
    });

    it('should keep serving after deep inputs', async () => {
      assert.equal((await app.request('GET', '/tools')).status, 200);
    });
  });
});

describe("bodies parsed by the host's own body parser", () => {
  // What express.json() does: JSON.parse without a reviver, so `__proto__` arrives as an own key on req.body.
  const received: Record<string, unknown>[] = [];
  let port: number;
  let server: Server;

  before(async () => {
    const handler = createHandler({
      tools: [people],
      allowExecute: true,
      logger: recordingLogger(),
      handleCall: (_name, args) => {
        received.push(args);
        return [[{ type: 'text', text: String(Object.assign({}, args).polluted) }], false];
      },
    });
    server = createHttpServer((req: IncomingMessage & { body?: unknown }, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        req.body = JSON.parse(text);
        handler(req, res);
      });
    });
    port = await listen(server);
  });
  after(() => close(server));

  for (const spelling of ['__proto__', '\\u005f_proto__', '__proto\\u005f_']) {
    it(`should drop a "${spelling}" key before the handler sees the arguments`, async () => {
      const body = `{"city":"x","${spelling}":{"polluted":"yes"},"nested":{"${spelling}":{"polluted":"yes"}}}`;
      const answer = await rawRequest(port, 'POST', '/tools/people/call', { body });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.content[0].text, 'undefined');
      const args = received.at(-1)!;
      assert.deepEqual(Object.keys(args), ['city', 'nested']);
      assert.ok(!Object.hasOwn(args, '__proto__'));
      assert.ok(!Object.hasOwn(args.nested as object, '__proto__'));
    });
  }

  it('should refuse a host-parsed body whose Content-Length exceeds the limit', async () => {
    const answer = await rawRequest(port, 'POST', '/tools/people/call', {
      body: `{"pad":"${'x'.repeat(1024 * 1024)}"}`,
    });
    assert.equal(answer.status, 413);
  });
});
