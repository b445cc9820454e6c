// An McpConnection's resources against the catalog server (2,500 resources over pages, subscriptions, lists that
// change on request): every URI listed once and cached until the server says the list changed, one subscription on
// the server however many pages ask, kept across a reconnect, and the server's news handed to the console.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { catalogServer, lockingServer } from '../fixtures/mcp/paths.js';
import { observedConnection } from './observed-connection.js';

const RESOURCE_COUNT = 2_500;

describe('McpConnection: resources', () => {
  const heard: string[] = [];
  let updated: (uri: string) => void = () => {};
  const connection = observedConnection(
    { stdio: { command: process.execPath, args: [catalogServer] } },
    {
      onResourcesChanged: () => heard.push('resources changed'),
      onPromptsChanged: () => heard.push('prompts changed'),
      onResourceUpdated: (uri) => updated(uri),
    },
  );
  after(() => connection.close());

  /** What the current server process was asked, in order. */
  async function asked(): Promise<string[]> {
    const result = await (await connection.client()).callTool({ name: 'asked', arguments: {} });
    return JSON.parse((result.content as { text: string }[])[0]!.text) as string[];
  }

  it('lists every URI, page by page, once until the server says the list changed', async () => {
    const uris = await connection.resourceUris();
    assert.equal(uris.size, RESOURCE_COUNT);
    assert.equal(await connection.resourceUris(), uris, 'cached');
    assert.deepEqual(await asked(), [
      'resources/list',
      'resources/list 500',
      'resources/list 1000',
      'resources/list 1500',
      'resources/list 2000',
    ]);

    await (await connection.client()).callTool({ name: 'change-lists', arguments: {} });
    assert.deepEqual(heard, ['resources changed', 'prompts changed']);
    const again = await connection.resourceUris();
    assert.notEqual(again, uris, 'listed again');
    assert.deepEqual([...again], [...uris]);
  });

  it('subscribes once however many ask, tells of updates, and unsubscribes when the last one leaves', async () => {
    const uri = 'fixture://notes/7';
    const update = new Promise<string>((resolve) => (updated = resolve));
    await connection.subscribeResource(uri);
    assert.equal(await update, uri);
    await connection.subscribeResource(uri);
    await connection.unsubscribeResource(uri);
    await connection.unsubscribeResource('fixture://notes/never-subscribed');
    const subscriptions = async () => (await asked()).filter((line) => /subscribe/.test(line));
    assert.deepEqual(await subscriptions(), [`subscribe ${uri}`]);
    await connection.unsubscribeResource(uri);
    assert.deepEqual(await subscriptions(), [`subscribe ${uri}`, `unsubscribe ${uri}`]);
    await connection.unsubscribeResource(uri);
    assert.deepEqual(await subscriptions(), [`subscribe ${uri}`, `unsubscribe ${uri}`], 'nothing left to unsubscribe');
  });

  it('subscribes the new server to what the pages still watch after a reconnect', async () => {
    await connection.subscribeResource('fixture://notes/1');
    await connection.subscribeResource('fixture://notes/2');
    await connection.unsubscribeResource('fixture://notes/2');
    await connection.reconnect();
    assert.deepEqual(
      (await asked()).filter((line) => /subscribe/.test(line)),
      ['subscribe fixture://notes/1'],
    );
  });
});

describe('McpConnection: a server without resources', () => {
  const connection = observedConnection({ stdio: { command: process.execPath, args: [lockingServer] } });
  after(() => connection.close());

  it('lists none, without asking', async () => {
    assert.deepEqual([...(await connection.resourceUris())], []);
    const methods = connection.protocolLog.entries().map((entry) => entry.method);
    assert.ok(!methods.includes('resources/list'), `${methods}`);
  });

  it('rejects a subscription the server refuses, and asks again the next time', async () => {
    await assert.rejects(connection.subscribeResource('fixture://x'));
    await assert.rejects(connection.subscribeResource('fixture://x'), 'the failed subscription was not counted');
    const sent = connection.protocolLog
      .entries()
      .filter((entry) => entry.method === 'resources/subscribe' && entry.direction === 'sent');
    assert.equal(sent.length, 2);
  });
});
