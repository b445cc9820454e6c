// `tool-console/fetch` runs where node:http does not exist (Workers, Deno without compat, browsers' service workers):
// nothing it imports, however indirectly, may load node:http or node:net.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const entry = fileURLToPath(new URL('../../server/fetch.js', import.meta.url));
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every module the entry loads, by file for our own and by specifier for the rest. */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    if (specifier.startsWith('.')) importGraph(resolve(dirname(file), specifier), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('tool-console/fetch', () => {
  it('should load nothing of node:http or node:net', () => {
    const graph = importGraph(entry);
    assert.ok(graph.has('ajv'), 'the walk follows the imports');
    for (const forbidden of ['node:http', 'http', 'node:https', 'node:net', 'net']) {
      assert.ok(!graph.has(forbidden), `${forbidden} is imported`);
    }
  });
});
