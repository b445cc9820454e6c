// Calls and validation with an async tools provider: an unknown tool is a 404 before anything else happens, a
// provider failure is a logged generic 500.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callPath, startConsole, validatePath, weatherTool } from './helpers.js';

const json = { 'Content-Type': 'application/json' };

describe('an async tools provider', () => {
  it('answers 404 for a call of an unknown tool, without running anything', async () => {
    let ran = 0;
    const app = await startConsole({
      allowExecute: true,
      tools: async () => [weatherTool],
      handleCall: () => (ran++, [[], false]),
    });
    try {
      const call = await app.request('POST', callPath('nope'), { body: '{}', headers: json });
      assert.deepEqual([call.status, call.json], [404, { error: 'Tool not found: nope' }]);
      const validate = await app.request('POST', validatePath('nope'), { body: '{}', headers: json });
      assert.deepEqual([validate.status, validate.json], [404, { error: 'Tool not found: nope' }]);
      assert.equal(ran, 0);
      assert.equal((await app.request('POST', callPath('get_weather'), { body: '{}', headers: json })).status, 200);
      assert.equal(ran, 1);
    } finally {
      await app.close();
    }
  });

  it('logs a failure as a failed request and answers a generic 500', async () => {
    const app = await startConsole({ tools: async () => Promise.reject(new Error('database down')) });
    try {
      const answer = await app.request('GET', '/tools');
      assert.deepEqual([answer.status, answer.json], [500, { error: 'Internal Server Error' }]);
      assert.match(app.logger.text('error'), /^tool-console: request failed: Error: database down/);
    } finally {
      await app.close();
    }
  });
});
