// The defaults of the command line (README: port 8000, host 127.0.0.1, demo tools that may run on loopback). The
// serving tests pass --port 0 to avoid taken ports, so port 8000 itself is checked here, on the parsed plan.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCli } from '../../server/cli/args.js';

describe('tool-console flags', () => {
  it('should default to the demo tools on 127.0.0.1:8000, execution enabled, no title, prefix or extra host names', () => {
    assert.deepEqual(parseCli([]), {
      kind: 'serve',
      target: undefined,
      host: '127.0.0.1',
      port: 8000,
      title: undefined,
      prefix: undefined,
      allowExecute: true,
      allowedHosts: [],
    });
  });
});
