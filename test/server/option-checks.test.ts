// The startup messages of the option mistakes no other test names exactly: the page's files, the hosts to answer, the
// second half of a subscription pair, and the time limits, each as the host reads it when createHandler throws; and the
// icons of serverInfo that reach the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHandler, type ToolConsoleOptions } from '../../server/index.js';
import { startConsole, weatherTool } from './helpers.js';

const valid: ToolConsoleOptions = { tools: [weatherTool], handleCall: async () => [[], false] };
const noop = () => {};

describe('option checks', () => {
  const pageFilesMessage = 'pageFiles must be an object of paths to text or bytes';
  const hostsMessage = 'allowedHosts must be an array of host names or true';
  const mistakes: [string, Record<string, unknown>, string][] = [
    ['pageFiles null', { pageFiles: null }, pageFilesMessage],
    ['pageFiles a string', { pageFiles: '<!doctype html>' }, pageFilesMessage],
    ['pageFiles with a number', { pageFiles: { 'index.html': 5 } }, pageFilesMessage],
    ['pageFiles with one text and one number', { pageFiles: { 'index.html': '<p>', 'app.js': 5 } }, pageFilesMessage],
    ['allowedHosts a string', { allowedHosts: 'example.com' }, hostsMessage],
    ['allowedHosts with a number', { allowedHosts: [5] }, hostsMessage],
    ['allowedHosts with an empty name after a good one', { allowedHosts: ['example.com', ''] }, hostsMessage],
    [
      'unsubscribeResource alone',
      { unsubscribeResource: noop },
      'subscribeResource and unsubscribeResource go together: give both or neither',
    ],
    [
      'unsubscribeResource a number',
      { subscribeResource: noop, unsubscribeResource: 1 },
      'unsubscribeResource must be a function',
    ],
    ['toolsTimeoutMs negative', { toolsTimeoutMs: -1 }, 'toolsTimeoutMs must be an integer >= 0'],
    ['writeTimeoutMs zero', { writeTimeoutMs: 0 }, 'writeTimeoutMs must be an integer >= 1'],
    ['callTotalTimeoutMs a string', { callTotalTimeoutMs: '10s' }, 'callTotalTimeoutMs must be an integer >= 0'],
  ];
  for (const [label, options, message] of mistakes) {
    it(`says "${message}" for ${label}`, () => {
      assert.throws(() => createHandler({ ...valid, ...options } as ToolConsoleOptions), {
        name: 'TypeError',
        message: `tool-console: ${message}`,
      });
    });
  }

  it('accepts every host name as a list, true, text and bytes as page files, and writeTimeoutMs 1', () => {
    for (const options of [
      { allowedHosts: ['example.com', 'tools.example.com'] },
      { allowedHosts: true as const },
      { pageFiles: { 'index.html': '<p>', 'font.woff2': new Uint8Array([1, 2]) } },
      { writeTimeoutMs: 1, toolsTimeoutMs: 0 },
    ]) {
      assert.equal(typeof createHandler({ ...valid, ...options }), 'function');
    }
  });
});

describe('the serverInfo option', () => {
  it('passes on the icons the page may show, and only those', async () => {
    const icons = [{ src: 'https://example.com/icon.png' }, { src: 'javascript:alert(1)' }];
    const app = await startConsole({
      pageFiles: { 'index.html': '<title><<TITLE>></title>' },
      serverInfo: { name: 'n', icons },
    });
    try {
      const { server } = (await app.request('GET', '/console')).json;
      assert.deepEqual(server, { name: 'n', icons: [{ src: 'https://example.com/icon.png' }] });
    } finally {
      await app.close();
    }
  });
});
