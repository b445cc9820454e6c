// The docs as a newcomer meets them: a README short enough to read (at most 200 lines, issue 28), links between the
// pages that lead somewhere (every relative link names a file that exists and, with a #fragment, a heading in it),
// and an architecture page that describes every source folder there is and none that is gone. Reads the repository's
// Markdown; needs no build of the docs.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function markdownFiles(): string[] {
  const docs = join(root, 'docs');
  const pages = existsSync(docs) ? readdirSync(docs).filter((name) => name.endsWith('.md')) : [];
  return ['README.md', 'SECURITY.md', ...pages.map((name) => join('docs', name))];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of outsideCode.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    let unique = slug;
    for (let n = 1; found.has(unique); n++) unique = `${slug}-${n}`;
    found.add(unique);
  }
  return found;
}

/** The relative links of a Markdown text (inline `[text](target)`), outside code blocks and code spans. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('docs', () => {
  it('keeps the README to at most 200 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    assert.ok(lines <= 200, `README.md has ${lines} lines; move the details into docs/`);
  });

  it('links the README to every page in docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = new Set(relativeLinks(readme).map((target) => target.split('#')[0]));
    const pages = markdownFiles().filter((file) => file.startsWith('docs'));
    assert.ok(pages.length > 0, 'docs/ holds no pages');
    const unlinked = pages.filter((page) => !linked.has(page));
    assert.deepEqual(unlinked, [], 'pages of docs/ the README does not link');
  });

  it('has no relative link to a missing file or heading', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of relativeLinks(readFileSync(join(root, file), 'utf8'))) {
        const [path, fragment] = target.split('#');
        const linkedFile = path ? join(dirname(join(root, file)), path) : join(root, file);
        if (!existsSync(linkedFile)) {
          broken.push(`${file}: ${target} (no such file)`);
        } else if (fragment && linkedFile.endsWith('.md') && !anchors(readFileSync(linkedFile, 'utf8')).has(fragment)) {
          broken.push(`${file}: ${target} (no such heading in ${relative(root, linkedFile)})`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it('describes every source folder in docs/architecture.md, and no folder that is gone', () => {
    const architecture = join(root, 'docs', 'architecture.md');
    assert.ok(existsSync(architecture), 'docs/architecture.md is missing');
    const text = readFileSync(architecture, 'utf8');
    // A folder counts when it holds source, so output a benchmark or a tool leaves behind (bench/results/) does not.
    const folders = new Set<string>();
    for (const top of ['server', 'elements', 'test', 'bench']) {
      for (const entry of readdirSync(join(root, top), { withFileTypes: true, recursive: true })) {
        if (!entry.isFile() || !/\.(ts|mts|js|mjs|cjs|html|css)$/.test(entry.name)) continue;
        for (let folder = relative(root, entry.parentPath ?? entry.path); folder !== '.'; folder = dirname(folder)) {
          folders.add(folder);
        }
      }
    }
    const undescribed = [...folders].sort().filter((folder) => !text.includes(`\`${folder}/\``));
    assert.deepEqual(undescribed, [], 'folders docs/architecture.md does not name as `folder/`');
    const named = [...text.matchAll(/`((?:server|elements|test|bench)(?:\/[\w.-]+)*)\/`/g)].map(([, folder]) => folder);
    const gone = named.filter((folder) => !existsSync(join(root, folder)));
    assert.deepEqual(gone, [], 'folders docs/architecture.md names that do not exist');
  });
});
