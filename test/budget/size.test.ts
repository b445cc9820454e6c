// Page weight budgets: everything the served page loads, and the CDN bundle, each at most 35 KB gzip. (30 KB until
// the form learned to check before it sends, results to read once, and descriptions to read as Markdown: those cost
// 4.6 KB, and the budget moved with them, on purpose and once.)
// Runs on the build output (npm test builds first).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 35 * 1024;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const page = join(root, 'dist', 'page');

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** index.html and every local file it references (src/href), then the files those scripts import. */
function pageFiles(): string[] {
  const seen = new Set<string>();
  const queue = [join(page, 'index.html')];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const references = file.endsWith('.html')
      ? [...text.matchAll(/<(?:script|link|img)\b[^>]*>/g)]
          .map((m) => m[0])
          // The preloaded tools list is the server's data, not page weight.
          .filter((tag) => !/\bas="fetch"/.test(tag))
          .map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1] ?? '')
          .filter(Boolean)
      : [...text.matchAll(/(?:import\(?|from)\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]);
    for (const reference of references) {
      if (/^(data:|https?:|#)/.test(reference)) continue;
      const target = join(dirname(file), reference.split(/[?#]/)[0]);
      assert.ok(existsSync(target), `${file} references ${reference}, which the build did not write`);
      queue.push(target);
    }
  }
  return [...seen];
}

describe('size budget', () => {
  it('should keep everything the page loads within 30 KB gzip', () => {
    const files = pageFiles();
    assert.ok(
      files.some((file) => file.endsWith('.js')),
      'the page loads no script: is dist/page built?',
    );
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`page: ${files.length} files, ${(total / 1024).toFixed(1)} KB gzip of ${BUDGET / 1024} KB`);
    assert.ok(total <= BUDGET, `the page weighs ${total} bytes gzip, over the ${BUDGET} budget`);
  });

  it('should keep the CDN bundle within 30 KB gzip', () => {
    const size = gzipSize(join(root, 'dist', 'cdn', 'tool-console.js'));
    console.log(`cdn: ${(size / 1024).toFixed(1)} KB gzip of ${BUDGET / 1024} KB`);
    assert.ok(size <= BUDGET, `the CDN bundle weighs ${size} bytes gzip, over the ${BUDGET} budget`);
  });
});
