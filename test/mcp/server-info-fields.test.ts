// What the console is told of a server (serverInfoOf), from real SDK servers linked in memory: the documented string
// fields of its serverInfo and nothing else, its icons the page may fetch, its instructions; and nothing at all from a
// client that is not connected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { serverInfoOf } from '../../server/mcp/server-info.js';

async function infoOf(serverInfo: Record<string, unknown>, instructions?: string) {
  const server = new Server(serverInfo as never, {
    capabilities: {},
    ...(instructions !== undefined && { instructions }),
  });
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return serverInfoOf(client);
  } finally {
    await client.close();
  }
}

describe('serverInfoOf', () => {
  it('should carry the name, title, version, website, safe icons and instructions', async () => {
    const info = await infoOf(
      {
        name: 'full',
        title: 'Full Server',
        version: '1.2.3',
        websiteUrl: 'https://example.com',
        description: 'not shown',
        icons: [{ src: 'https://example.com/i.png' }, { src: 'javascript:alert(1)' }],
      },
      'Use it well.',
    );
    assert.deepEqual(info, {
      name: 'full',
      title: 'Full Server',
      version: '1.2.3',
      websiteUrl: 'https://example.com',
      icons: [{ src: 'https://example.com/i.png' }],
      instructions: 'Use it well.',
    });
  });

  it('should leave out what the server did not say', async () => {
    assert.deepEqual(await infoOf({ name: 'bare', version: '0' }), { name: 'bare', version: '0' });
    assert.deepEqual(await infoOf({ name: 'unsafe', version: '1', icons: [{ src: 'http://example.com/i.png' }] }), {
      name: 'unsafe',
      version: '1',
    });
  });

  it('should say nothing of a server it is not connected to', () => {
    assert.equal(serverInfoOf(new Client({ name: 'test', version: '1' })), undefined);
  });
});
