// How hard each answer is compressed, as docs/http-api.md says: a call's answer for its request, quickly (Brotli 4,
// gzip 6); an answer kept for reuse, once asked for again, at its best (Brotli 11 up to 64 KiB, 9 above, gzip 9). The
// bytes sent are compared with what node's zlib makes at those levels (each level makes other bytes here).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Tool } from '../../server/index.js';
import { callPath, startConsole, type Answer, type RunningConsole } from './helpers.js';

const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

const BIG_RESULT = 'All work and no play makes a large result. '.repeat(100);

/** A list of tools whose JSON grows by one byte per `padding`. */
const toolsPadded = (padding: number): Tool[] => [
  { name: 'padded', description: 'x'.repeat(padding), inputSchema: { type: 'object' } },
  ...Array.from({ length: 60 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}: looks something up and returns a short report.`,
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  })),
];

/** Asks for GET /tools in `coding` until the kept best form (its tag without `-fast`) comes back. */
async function bestForm(app: RunningConsole, coding: 'br' | 'gzip'): Promise<Answer> {
  const bestTag = coding === 'br' ? /\.br"$/ : /\.gz"$/;
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const answer = await app.request('GET', '/tools', { headers: { 'Accept-Encoding': coding } });
    assert.equal(answer.headers['content-encoding'], coding);
    if (bestTag.test(String(answer.headers.etag))) return answer;
  }
  throw new Error(`the best ${coding} form of /tools never arrived`);
}

describe('a call answer, compressed for its request', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ allowExecute: true, handleCall: () => [[{ type: 'text', text: BIG_RESULT }], false] });
  });
  after(() => app.close());

  for (const [coding, compress] of [
    ['br', (body: Buffer) => brotli(body, 4)],
    ['gzip', (body: Buffer) => gzipSync(body, { level: 6 })],
  ] as const) {
    it(`is ${coding === 'br' ? 'Brotli 4' : 'gzip 6'} for a client that takes ${coding}`, async () => {
      const post = (headers: Record<string, string>) =>
        app.request('POST', callPath('get_weather'), { body: '{"city":"Oslo"}', headers });
      const identity = await post({});
      const encoded = await post({ 'Accept-Encoding': coding });
      assert.equal(encoded.headers['content-encoding'], coding);
      assert.deepEqual(encoded.body, compress(identity.body));
    });
  }
});

describe('a kept answer (the tool list), at its best once asked for again', () => {
  const consoles: RunningConsole[] = [];
  /** A console whose GET /tools is exactly `size` bytes, with that body. */
  async function listOf(size: number): Promise<{ app: RunningConsole; identity: Buffer }> {
    const probe = await startConsole({ tools: toolsPadded(0) });
    consoles.push(probe);
    const base = (await probe.request('GET', '/tools')).body.length;
    const app = await startConsole({ tools: toolsPadded(size - base) });
    consoles.push(app);
    const identity = (await app.request('GET', '/tools')).body;
    assert.equal(identity.length, size);
    return { app, identity };
  }
  after(() => Promise.all(consoles.map((app) => app.close())));

  it('is Brotli 11 and gzip 9 for a list of 64 KiB exactly', async () => {
    const { app, identity } = await listOf(64 * 1024);
    assert.deepEqual((await bestForm(app, 'br')).body, brotli(identity, 11));
    assert.deepEqual((await bestForm(app, 'gzip')).body, gzipSync(identity, { level: 9 }));
  });

  it('is Brotli 9 for a list one byte past 64 KiB', async () => {
    const { app, identity } = await listOf(64 * 1024 + 1);
    assert.deepEqual((await bestForm(app, 'br')).body, brotli(identity, 9));
  });
});
