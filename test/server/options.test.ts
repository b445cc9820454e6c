// Options are checked once, when the handler is made: mistakes are TypeErrors at startup, not 500s later.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHandler, createServer, type ToolConsoleOptions } from '../../server/index.js';
import { weatherTool } from './helpers.js';

const valid: ToolConsoleOptions = { tools: [weatherTool], handleCall: async () => [[], false] };

describe('options', () => {
  const mistakes: [string, unknown][] = [
    ['no options', undefined],
    ['tools missing', { ...valid, tools: undefined }],
    ['tools an object', { ...valid, tools: { a: weatherTool } }],
    ['handleCall missing', { ...valid, handleCall: undefined }],
    ['allowExecute a string', { ...valid, allowExecute: 'yes' }],
    ['authHook not a function', { ...valid, authHook: 'token' }],
    ['title a number', { ...valid, title: 3 }],
    ['prefix without a leading slash', { ...valid, prefix: 'explorer' }],
    ['prefix with a query', { ...valid, prefix: '/explorer?x' }],
    ['prefix with a bad escape', { ...valid, prefix: '/ex%zzplorer' }],
    ['corsOrigins a string', { ...valid, corsOrigins: 'https://app.example' }],
    ['maxBodyBytes negative', { ...valid, maxBodyBytes: -1 }],
    ['callTimeoutMs fractional', { ...valid, callTimeoutMs: 1.5 }],
    ['toolsTimeoutMs negative', { ...valid, toolsTimeoutMs: -1 }],
    ['toolsTimeoutMs a string', { ...valid, toolsTimeoutMs: '10s' }],
    ['logger without warn', { ...valid, logger: { info() {}, error() {} } }],
  ];
  for (const [label, options] of mistakes) {
    it(`throws a TypeError for ${label}`, () => {
      assert.throws(() => createHandler(options as ToolConsoleOptions), TypeError);
    });
  }

  it('accepts the documented shapes', () => {
    for (const options of [
      valid,
      { ...valid, tools: () => [weatherTool] },
      { ...valid, tools: async () => [weatherTool] },
      { ...valid, prefix: '/', corsOrigins: '*' as const, callTimeoutMs: 0, toolsTimeoutMs: 0, maxBodyBytes: 0 },
      { ...valid, prefix: '/a/b-c/', corsOrigins: ['https://a.example'], logger: console, authHook: () => {} },
    ]) {
      assert.equal(typeof createHandler(options), 'function');
    }
  });

  it('createServer returns a server that is not yet listening', () => {
    const server = createServer(valid);
    assert.equal(server.listening, false);
  });
});
