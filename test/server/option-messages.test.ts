// The message of each option mistake, as a host reads it at startup, and the forgiving normalisations (trailing
// slashes, '*' in a list, an empty list).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHandler, type ToolConsoleOptions } from '../../server/index.js';
import { startConsole, weatherTool } from './helpers.js';

const valid: ToolConsoleOptions = { tools: [weatherTool], handleCall: async () => [[], false] };

describe('option mistakes', () => {
  const mistakes: [string, unknown, string][] = [
    ['null options', null, 'options must be an object'],
    ['a string as options', 'tools', 'options must be an object'],
    ['tools missing', { ...valid, tools: undefined }, 'tools must be an array of tools or a function returning them'],
    ['handleCall missing', { ...valid, handleCall: undefined }, 'handleCall must be a function'],
    ['authHook a string', { ...valid, authHook: 'token' }, 'authHook must be a function'],
    ['title a number', { ...valid, title: 3 }, 'title must be a string or a function returning one'],
    ['pageDir a number', { ...valid, pageDir: 3 }, 'pageDir must be a string'],
    ['allowExecute a string', { ...valid, allowExecute: 'yes' }, 'allowExecute must be a boolean'],
    ['maxBodyBytes negative', { ...valid, maxBodyBytes: -1 }, 'maxBodyBytes must be an integer >= 0'],
    ['maxBodyBytes a string', { ...valid, maxBodyBytes: '1024' }, 'maxBodyBytes must be an integer >= 0'],
    ['callTimeoutMs fractional', { ...valid, callTimeoutMs: 1.5 }, 'callTimeoutMs must be an integer >= 0'],
    ['callTimeoutMs infinite', { ...valid, callTimeoutMs: Infinity }, 'callTimeoutMs must be an integer >= 0'],
    ['prefix a number', { ...valid, prefix: 5 }, 'prefix must be a string'],
    [
      'prefix without a leading slash',
      { ...valid, prefix: 'explorer' },
      'prefix must be a URL path such as "/explorer", got "explorer"',
    ],
    [
      'prefix with half an escape',
      { ...valid, prefix: '/a%2x' },
      'prefix must be a URL path such as "/explorer", got "/a%2x"',
    ],
    [
      'prefix with an escape cut short',
      { ...valid, prefix: '/a%2' },
      'prefix must be a URL path such as "/explorer", got "/a%2"',
    ],
    [
      'corsOrigins a single origin',
      { ...valid, corsOrigins: 'https://a.example' },
      "corsOrigins must be an array of origins or '*'",
    ],
    [
      'corsOrigins with a number',
      { ...valid, corsOrigins: ['https://a.example', 5] },
      "corsOrigins must be an array of origins or '*'",
    ],
    ['logger null', { ...valid, logger: null }, 'logger must have info, warn and error methods'],
    [
      'logger without warn',
      { ...valid, logger: { info() {}, error() {} } },
      'logger must have info, warn and error methods',
    ],
  ];
  for (const [label, options, message] of mistakes) {
    it(`says "${message}" for ${label}`, () => {
      assert.throws(() => createHandler(options as ToolConsoleOptions), {
        name: 'TypeError',
        message: `tool-console: ${message}`,
      });
    });
  }
});

describe('option normalisations', () => {
  it('accepts a prefix with trailing slashes and percent escapes', async () => {
    const app = await startConsole({ prefix: '/my%20tools//' });
    try {
      assert.equal((await app.request('GET', '/my%20tools/tools')).status, 200);
    } finally {
      await app.close();
    }
  });

  it("grants every origin when '*' is in the list, and forgives a trailing slash on an origin", async () => {
    const star = await startConsole({ corsOrigins: ['https://a.example', '*'] });
    const slash = await startConsole({ corsOrigins: ['https://a.example/'] });
    try {
      const headers = { Origin: 'https://other.example' };
      assert.equal((await star.request('GET', '/tools', { headers })).headers['access-control-allow-origin'], '*');
      const granted = await slash.request('GET', '/tools', { headers: { Origin: 'https://a.example' } });
      assert.equal(granted.headers['access-control-allow-origin'], 'https://a.example');
    } finally {
      await star.close();
      await slash.close();
    }
  });

  it('sends no CORS headers at all for an empty list', async () => {
    const app = await startConsole({ corsOrigins: [] });
    try {
      const answer = await app.request('GET', '/tools', { headers: { Origin: 'https://a.example' } });
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
      assert.equal(answer.headers.vary, undefined);
    } finally {
      await app.close();
    }
  });
});
