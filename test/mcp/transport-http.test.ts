// openClient at a URL, as its callers see it: the transport it tries (Streamable HTTP, then the old HTTP+SSE one only
// for a server that answers 400, 404 or 405), the headers sent on either, and a refusal or an unreachable host left as
// the error it is instead of hidden behind a second attempt.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { defaultClientInfo } from '../../server/mcp/client-info.js';
import { openClient, type TransportKind } from '../../server/mcp/transport.js';
import { startScriptedServer } from '../fixtures/mcp/scripted-server.js';

const header: [string, string] = ['x-api-key', 'key-0123'];

async function open(url: string, headers?: Record<string, string>) {
  const kinds: TransportKind[] = [];
  const options = {
    clientInfo: defaultClientInfo,
    connectTimeoutMs: 5_000,
    onStderr: () => {},
    instrument: (_transport: unknown, kind: TransportKind) => kinds.push(kind),
  };
  const client = await openClient({ url, headers }, options).catch((error: unknown) => error);
  return { client, kinds };
}

describe('openClient at a URL', () => {
  it('speaks Streamable HTTP, with the headers, to a server that does', async () => {
    const server = await startScriptedServer({ requiredHeader: header });
    try {
      const { client, kinds } = await open(server.url, { [header[0]]: header[1] });
      assert.ok(!(client instanceof Error), `${client}`);
      assert.deepEqual(kinds, ['streamable-http']);
      await (client as { close(): Promise<void> }).close();
    } finally {
      await server.close();
    }
  });

  it('falls back to HTTP+SSE, with the headers, for a server that speaks only that', async () => {
    const server = await startScriptedServer({ sseOnly: true, requiredHeader: header });
    try {
      const { client, kinds } = await open(server.url, { [header[0]]: header[1] });
      assert.ok(!(client instanceof Error), `${client}`);
      assert.deepEqual(kinds, ['streamable-http', 'sse']);
      await (client as { close(): Promise<void> }).close();
    } finally {
      await server.close();
    }
  });

  it('does not try HTTP+SSE when the server refuses (401)', async () => {
    const server = await startScriptedServer({ requiredHeader: header });
    try {
      const { client, kinds } = await open(server.url);
      assert.ok(client instanceof SdkHttpError && client.status === 401, `${client}`);
      assert.deepEqual(kinds, ['streamable-http']);
    } finally {
      await server.close();
    }
  });

  it('does not try HTTP+SSE when nothing listens', async () => {
    const server = await startScriptedServer();
    const url = server.url;
    await server.close();
    const { client, kinds } = await open(url);
    assert.ok(client instanceof Error && !(client instanceof SdkHttpError), `${client}`);
    assert.deepEqual(kinds, ['streamable-http']);
  });
});
