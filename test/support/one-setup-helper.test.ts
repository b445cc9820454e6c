// Each test setup is written once (issue 28): an MCP server at a URL comes from one helper
// (test/fixtures/mcp/http-server.ts, with options for the transport, a required header, other routes and a gate),
// and an OAuth setup (the protected MCP server, its authorization server, the CLI and the user's browser) from one
// other (test/fixtures/oauth/oauth-setup.ts). A second copy of either is what this fails on: copies drift, and a
// fix made in one leaves the others broken. Reads the test sources; needs no build of them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MCP_HTTP_HELPER = 'test/fixtures/mcp/http-server.ts';
const OAUTH_HELPER = 'test/fixtures/oauth/oauth-setup.ts';

/** Every TypeScript source under test/, as a path from the repository's root with its text. */
function testSources(): { file: string; text: string }[] {
  return readdirSync(join(root, 'test'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split('\\')
        .join('/'),
    )
    .sort()
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

/** The module specifiers a source imports (static imports and re-exports). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map((match) => match[1]);
}

describe('test setups', () => {
  it('serves MCP over HTTP from one helper: no other file makes its own server transport', () => {
    const copies = testSources()
      .filter(
        ({ file, text }) =>
          file !== MCP_HTTP_HELPER && /new (StreamableHTTPServerTransport|SSEServerTransport)\(/.test(text),
      )
      .map(({ file }) => file);
    assert.deepEqual(copies, [], `these serve MCP over HTTP themselves; use ${MCP_HTTP_HELPER}`);
  });

  it('sets up OAuth from one helper: tests import nothing else of it', () => {
    const around = testSources()
      .filter(({ file }) => !file.startsWith('test/fixtures/oauth/'))
      .filter(({ text }) =>
        importsOf(text).some(
          (from) =>
            /\/oauth-cli\.js$/.test(from) || (/fixtures\/oauth\//.test(from) && !from.endsWith('/oauth-setup.js')),
        ),
      )
      .map(({ file }) => file);
    assert.deepEqual(around, [], `these set up OAuth without ${OAUTH_HELPER}`);
  });

  it('plays the browser of an OAuth login in one place', () => {
    // Following the authorization server's redirect by hand is the browser's part; a test may still fetch one
    // answer itself to look at it, but not keep its own copy of the walk.
    const walks = testSources()
      .filter(({ file }) => file !== OAUTH_HELPER)
      .filter(({ text }) =>
        /function \w+\([^)]*\)[^{]*\{\s*const \w+ = await fetch\([^)]*redirect: 'manual'/.test(text),
      )
      .map(({ file }) => file);
    assert.deepEqual(walks, [], `these follow the authorization redirect themselves; use ${OAUTH_HELPER}`);
  });
});
