// Fewer bytes on the wire: answers above 1 KiB come in the coding the client prefers (Brotli, then gzip), decode to
// exactly the uncompressed answer, say `Vary: Accept-Encoding`, and carry the Content-Length of what was sent.
// Smaller answers go out as they are.
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createFetchHandler } from '../../server/fetch.js';
import type { Tool } from '../../server/index.js';
import { callPath, startConsole, validatePath, type Answer, type RunningConsole } from './helpers.js';

/** 60 tools: a list of about 6 KB. One has a schema large enough for its detail to be compressed too. */
const tools: Tool[] = Array.from({ length: 60 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Tool number ${index}: looks something up and returns a short report.`,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
}));
const bigSchemaTool: Tool = {
  name: 'big_schema',
  description: 'A tool whose schema has many fields.',
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: 'string', description: `Field ${i}` }]),
    ),
  },
};
const BIG_RESULT = 'All work and no play makes a large result. '.repeat(100);

function decode(answer: Answer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  assert.equal(coding, undefined, `an unexpected Content-Encoding: ${String(coding)}`);
  return answer.body;
}

/** What every answer must satisfy whatever its coding: Content-Length of the bytes sent. */
function assertLengthMatches(answer: Answer): void {
  assert.equal(
    Number(answer.headers['content-length']),
    answer.body.length,
    'Content-Length is not the length of the body sent',
  );
}

function varies(answer: Answer): boolean {
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(answer.headers.vary ?? ''));
}

describe('compressed answers', () => {
  let app: RunningConsole;
  let identityList: Buffer;

  before(async () => {
    app = await startConsole({
      tools: [...tools, bigSchemaTool],
      allowExecute: true,
      handleCall: async (name) => [[{ type: 'text', text: name === 'tool_0' ? BIG_RESULT : 'small' }], false],
    });
    identityList = (await app.request('GET', '/tools')).body;
    assert.ok(identityList.length > 4096, 'the fixture list should be well above the 1 KiB threshold');
  });
  after(() => app.close());

  const negotiation: [acceptEncoding: string | undefined, expected: 'br' | 'gzip' | undefined][] = [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'], // what Chromium sends: equal weights, Brotli preferred
    ['br;q=0.5, gzip', 'gzip'], // the client's weights decide
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'], // `*` stands for the codings not named
    ['gzip;q=0, *', 'br'],
    ['x-gzip', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'], // an unreadable weight drops its element
    ['BR', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
  ];
  for (const [acceptEncoding, expected] of negotiation) {
    it(`answers Accept-Encoding ${JSON.stringify(acceptEncoding ?? '(none)')} with ${expected ?? 'identity'}`, async () => {
      const headers = acceptEncoding === undefined ? undefined : { 'Accept-Encoding': acceptEncoding };
      const answer = await app.request('GET', '/tools', { headers });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], expected);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.ok(varies(answer), `Vary: ${String(answer.headers.vary)}`);
      assertLengthMatches(answer);
      assert.deepEqual(decode(answer), identityList);
      if (expected !== undefined)
        assert.ok(answer.body.length < identityList.length / 3, 'compression should shrink the list');
    });
  }

  it('answers HEAD with the headers of GET, compressed length included, and no body', async () => {
    // A server of its own, so both requests meet the same form of the list (see "kept compressed forms").
    const own = await startConsole({ tools });
    try {
      const get = await own.request('GET', '/tools', { headers: { 'Accept-Encoding': 'br' } });
      const head = await own.request('HEAD', '/tools', { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type', 'cache-control']) {
        assert.equal(head.headers[name], get.headers[name], name);
      }
    } finally {
      await own.close();
    }
  });

  it('compresses a large tool detail, and sends a small one as it is without Vary', async () => {
    const big = await app.request('GET', '/tools/big_schema', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(big.headers['content-encoding'], 'gzip');
    assert.ok(varies(big));
    assertLengthMatches(big);
    assert.deepEqual(JSON.parse(decode(big).toString()).inputSchema, bigSchemaTool.inputSchema);

    const small = await app.request('GET', '/tools/tool_1', { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(small.status, 200);
    assert.ok(small.body.length < 1024);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.headers.vary, undefined);
    assertLengthMatches(small);
    assert.equal(small.json.name, 'tool_1');
  });

  it('compresses a call result above 1 KiB for this request, in either coding', async () => {
    for (const coding of ['br', 'gzip']) {
      const answer = await app.request('POST', callPath('tool_0'), {
        body: '{}',
        headers: { 'Accept-Encoding': coding },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], coding);
      assert.ok(varies(answer));
      assertLengthMatches(answer);
      assert.deepEqual(JSON.parse(decode(answer).toString()), {
        content: [{ type: 'text', text: BIG_RESULT }],
        isError: false,
      });
    }
    const plain = await app.request('POST', callPath('tool_0'), { body: '{}' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(varies(plain), 'the uncompressed form says it depends on Accept-Encoding too');
    assert.equal(plain.json.content[0].text, BIG_RESULT);
  });

  it('sends small JSON answers (call, validate, errors) as they are', async () => {
    const headers = { 'Accept-Encoding': 'br, gzip' };
    const answers = [
      await app.request('POST', callPath('tool_1'), { body: '{}', headers }),
      await app.request('POST', validatePath('tool_1'), { body: '{"city":"Oslo"}', headers }),
      await app.request('GET', '/tools/nope', { headers }),
      await app.request('GET', '/nowhere', { headers }),
    ];
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 404, 404],
    );
    for (const answer of answers) {
      assert.equal(answer.headers['content-encoding'], undefined);
      assert.equal(answer.headers.vary, undefined);
      assertLengthMatches(answer);
      assert.ok(answer.json !== undefined);
    }
  });

  it('keeps both reasons to vary when CORS applies: Origin and Accept-Encoding', async () => {
    const cors = await startConsole({ tools, corsOrigins: ['https://app.example'] });
    try {
      const answer = await cors.request('GET', '/tools', {
        headers: { 'Accept-Encoding': 'br', Origin: 'https://app.example' },
      });
      assert.equal(answer.headers['access-control-allow-origin'], 'https://app.example');
      assert.equal(answer.headers['content-encoding'], 'br');
      assert.ok(varies(answer), `Vary: ${String(answer.headers.vary)}`);
      assert.match(String(answer.headers.vary), /\bOrigin\b/);
    } finally {
      await cors.close();
    }
  });

  it('compresses the same way through the Fetch handler', async () => {
    const handler = createFetchHandler({
      tools: [...tools, bigSchemaTool],
      handleCall: async () => [[], false],
      logger: app.logger,
    });
    const response = await handler(
      new Request('http://127.0.0.1/tools', { headers: { 'Accept-Encoding': 'gzip, br' } }),
    );
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/);
    const body = Buffer.from(await response.arrayBuffer());
    assert.equal(Number(response.headers.get('content-length')), body.length);
    assert.deepEqual(brotliDecompressSync(body), identityList);
  });
});

describe('kept compressed forms', () => {
  const brotli = { 'Accept-Encoding': 'br' };

  it('first sends a quick form, then the best one once the answer is asked for again', async () => {
    const app = await startConsole({
      tools: [...tools, ...tools.map((tool) => ({ ...tool, name: `again_${tool.name}` }))],
    });
    try {
      const identity = (await app.request('GET', '/tools')).body;
      const quick = await app.request('GET', '/tools', { headers: brotli });
      assert.match(String(quick.headers.etag), /\.br-fast"$/);
      // The second request still gets the quick form; the best one is being made in the background meanwhile.
      const second = await app.request('GET', '/tools', { headers: brotli });
      assert.deepEqual(second.body, quick.body);
      let best = second;
      for (let attempt = 0; attempt < 10_000 && !/\.br"$/.test(String(best.headers.etag)); attempt++) {
        best = await app.request('GET', '/tools', { headers: brotli });
      }
      assert.match(String(best.headers.etag), /\.br"$/, 'the best form never arrived');
      assert.deepEqual(brotliDecompressSync(best.body), identity);
      assert.ok(best.body.length <= quick.body.length, `best ${best.body.length} bytes, quick ${quick.body.length}`);
      assert.equal(Number(best.headers['content-length']), best.body.length);
      // Other bytes, so another tag: a client holding the quick form gets the best one, and then 304 for it.
      const revalidated = await app.request('GET', '/tools', {
        headers: { ...brotli, 'If-None-Match': String(quick.headers.etag) },
      });
      assert.equal(revalidated.status, 200);
      assert.equal(revalidated.headers.etag, best.headers.etag);
      const notModified = await app.request('GET', '/tools', {
        headers: { ...brotli, 'If-None-Match': String(best.headers.etag) },
      });
      assert.equal(notModified.status, 304);
    } finally {
      await app.close();
    }
  });

  it('spends no more than a quick compression on a body that is never asked for again', async () => {
    // A provider that builds a new array on every request: every answer is a new body, asked for once.
    const app = await startConsole({ tools: () => tools.map((tool) => ({ ...tool })) });
    try {
      const tags = new Set<string>();
      for (let request = 0; request < 5; request++) {
        const answer = await app.request('GET', '/tools', { headers: brotli });
        assert.equal(answer.headers['content-encoding'], 'br');
        tags.add(String(answer.headers.etag));
      }
      // The same tools each time: one tag, and always the quick form's.
      assert.equal(tags.size, 1);
      assert.match([...tags][0]!, /\.br-fast"$/);
    } finally {
      await app.close();
    }
  });
});
