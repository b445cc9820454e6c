// The Fetch core runs where node does not (Cloudflare Workers without nodejs_compat), so no file of server/core may
// import a node: module or use Buffer: what it needs of the runtime comes through core/platform/platform.ts. A scan of the
// sources, comments left out (they may name node's modules to say why they are not used).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const CORE = fileURLToPath(new URL('../../../server/core/', import.meta.url));

/** The code of a TypeScript source without its comments (a `//` inside a string is rare enough here to ignore). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');

/** `problem` for each line of the files in `folder` that matches `pattern`, as `file:line: text`. */
function findings(folder: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of readdirSync(folder, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts')) continue;
    withoutComments(readFileSync(join(folder, file), 'utf8'))
      .split('\n')
      .forEach((line, index) => pattern.test(line) && found.push(`${file}:${index + 1}: ${line.trim()}`));
  }
  return found;
}

describe('server/core without node', () => {
  it('scans the subfolders, where the core keeps its code by job', () => {
    const files = (readdirSync(CORE, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    assert.ok(
      files.some((file) => file.includes(sep)),
      `no file below a subfolder of server/core: ${files.join(', ')}`,
    );
  });

  it('imports no node: module (statically, dynamically or through require)', () => {
    assert.deepEqual(findings(CORE, /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]node:/), []);
  });

  it('uses no Buffer', () => {
    assert.deepEqual(findings(CORE, /\bBuffer\b/), []);
  });
});
