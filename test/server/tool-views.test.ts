// The two public views of a tool: only the documented fields, a missing description as '', a missing inputSchema as
// an empty object schema, and nothing else the host's tool object happens to carry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { startConsole } from './helpers.js';

class HostTool {
  readonly name = 'host/tool';
  readonly secret = 'not for the page';
  get title() {
    return 'From a getter';
  }
  run() {
    return 'not sent';
  }
}

describe('tool views', () => {
  it('gives a tool without a description an empty one, in the list and in its detail', async () => {
    const app = await startConsole({ tools: [{ name: 'bare' } as Tool] });
    try {
      assert.deepEqual((await app.request('GET', '/tools')).json, [{ name: 'bare', description: '' }]);
      assert.deepEqual((await app.request('GET', '/tools/bare')).json, {
        name: 'bare',
        description: '',
        inputSchema: { type: 'object' },
      });
    } finally {
      await app.close();
    }
  });

  it('sends only the documented fields of a host object, getters included', async () => {
    const app = await startConsole({ tools: [new HostTool() as unknown as Tool] });
    try {
      assert.deepEqual((await app.request('GET', '/tools')).json, [
        { name: 'host/tool', description: '', title: 'From a getter' },
      ]);
      assert.deepEqual((await app.request('GET', '/tools/host%2Ftool')).json, {
        name: 'host/tool',
        description: '',
        title: 'From a getter',
        inputSchema: { type: 'object' },
      });
    } finally {
      await app.close();
    }
  });
});
