// The URLs the elements build for a tool: its name is exactly one path segment that survives URL parsing, for every
// name. `.` and `..` (also written `%2E`, `%2E%2E`) are dot segments that every URL parser removes, so
// `tools/..` would have named the collection's parent; those two travel behind the marker `%FF`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolApi } from '../../elements/api.js';
import { curlCommand, shellQuote } from '../../elements/tool-result/curl.js';
import { toolSegment } from '../../elements/tool-segment.js';
import { AWKWARD_NAMES } from '../fixtures/tool-names.js';

const SEGMENTS: [string, string][] = [
  ['.', '%FF.'],
  ['..', '%FF..'],
  ['...', '...'],
  ['a.b', 'a.b'],
  ['a/b', 'a%2Fb'],
  ['../x', '..%2Fx'],
  ['%2E', '%252E'],
  ['%FF.', '%25FF.'],
  ['a?b=1', 'a%3Fb%3D1'],
  ['a#b', 'a%23b'],
  ['with space', 'with%20space'],
  ['名前', '%E5%90%8D%E5%89%8D'],
];

describe('toolSegment', () => {
  for (const [name, segment] of SEGMENTS) {
    it(`should write ${JSON.stringify(name)} as ${segment}`, () => {
      assert.equal(toolSegment(name), segment);
    });
  }
});

describe('ToolApi URLs', () => {
  const api = new ToolApi('tools', 'http://127.0.0.1:8000/explorer/');

  for (const name of AWKWARD_NAMES) {
    it(`should keep ${JSON.stringify(name)} as one segment below the tools URL, exactly as a browser sends it`, () => {
      const segment = toolSegment(name);
      for (const [url, suffix] of [
        [api.toolUrl(name), ''],
        [api.callUrl(name), '/call'],
        [api.validateUrl(name), '/validate'],
      ] as const) {
        const parsed = new URL(url);
        // Parsing changes nothing: what fetch sends is this very URL, the tool's segment included.
        assert.equal(parsed.href, url);
        assert.equal(parsed.pathname, `/explorer/tools/${segment}${suffix}`);
        assert.equal(parsed.search, '');
        assert.equal(parsed.hash, '');
      }
      const curl = curlCommand(api.callRequest(name, {}));
      assert.ok(curl.includes(shellQuote(api.callUrl(name))), curl);
    });
  }

  it('should never let a name reach the collection or the page', () => {
    for (const name of AWKWARD_NAMES) {
      assert.notEqual(new URL(api.toolUrl(name)).pathname, '/explorer/tools');
      assert.ok(new URL(api.callUrl(name)).pathname.startsWith('/explorer/tools/'), name);
    }
  });
});
