// The elements' layout as a newcomer meets it (issue 28, STYLE.md "Folders by feature" and "Elements"): each element
// owns a folder named after its tag, with its styles beside it under one export name; no catch-all folder; one privacy
// style (TypeScript `private`: Lit's decorated reactive properties cannot be #private) and handlers named handleX.
// Reads the sources; needs no build of the page.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const elementsDir = join(root, 'elements');

const sources = readdirSync(elementsDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .map((file) => ({ file: `elements/${file}`, text: readFileSync(join(elementsDir, file), 'utf8') }));

/** `[file, match]` for every match of `pattern` in the element sources. */
function found(pattern: RegExp): string[] {
  return sources.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0].trim()}`));
}

const defined = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/@customElement\('([a-z-]+)'\)/g)].map(([, tag]) => ({ tag, file })),
);

describe('the elements folder', () => {
  it('should define each element in a folder named after its tag, as <tag>/<tag>.ts', () => {
    assert.ok(defined.length >= 8, `found only ${defined.length} elements: has @customElement changed shape?`);
    const misplaced = defined.filter(({ tag, file }) => file !== `elements/${tag}/${tag}.ts`);
    assert.deepEqual(misplaced, []);
  });

  it('should give each element a <tag>.styles.ts beside it that exports `styles`, which the element uses', () => {
    const problems = defined.flatMap(({ tag, file }) => {
      const stylesFile = join(root, dirname(file), `${tag}.styles.ts`);
      if (!existsSync(stylesFile)) return [`${tag}: no ${tag}.styles.ts`];
      const styles = readFileSync(stylesFile, 'utf8');
      const exported = [...styles.matchAll(/^export const (\w+)/gm)].map(([, name]) => name);
      const element = readFileSync(join(root, file), 'utf8');
      return [
        ...(exported.join() === 'styles' ? [] : [`${tag}.styles.ts exports ${exported.join(', ') || 'nothing'}`]),
        ...(element.includes(`from './${tag}.styles.js'`) ? [] : [`${tag}.ts does not import ./${tag}.styles.js`]),
      ];
    });
    assert.deepEqual(problems, []);
  });

  it('should have no catch-all folder (lib, utils, helpers, common, shared)', () => {
    const folders = new Set(sources.map(({ file }) => basename(dirname(file))));
    assert.deepEqual(
      ['lib', 'utils', 'helpers', 'common', 'shared'].filter((name) => folders.has(name)),
      [],
    );
  });

  it('should keep private members in one style, TypeScript `private`, never #private', () => {
    assert.deepEqual(found(/(?:this|\w+)\.#\w+|^\s*(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?#\w+/gm), []);
  });

  it('should name event handlers handleX, both in templates and in listeners', () => {
    const inTemplates = found(/@[\w-]+=\$\{this\.(?!handle[A-Z])\w+\}/g);
    const inListeners = found(/addEventListener\([^,]+,\s*this\.(?!handle[A-Z])\w+/g);
    // A method or arrow field named onX; a callback's signature in an interface (`onValue(...): void;`) is not one.
    const onMethods = found(/^\s+(?:private\s+|protected\s+)?(?:readonly\s+)?on[A-Z]\w*\s*(?:=|\(.*\{$)/gm);
    assert.deepEqual([...inTemplates, ...inListeners, ...onMethods], []);
  });

  it('should check every stylesheet module in Chromium (test/elements/element-styles.test.ts)', () => {
    const test = readFileSync(join(root, 'test/elements/element-styles.test.ts'), 'utf8');
    const listed = [
      ...test.matchAll(/'(elements\/[\w/.-]+\.styles\.ts)':\s*\(\)\s*=>\s*import\('\.\.\/\.\.\/(.+?)\.js'\)/g),
    ];
    const files = sources.map(({ file }) => file).filter((file) => file.endsWith('.styles.ts'));
    assert.deepEqual(listed.map(([, file]) => file).sort(), files);
    assert.deepEqual(
      listed.filter(([, file, imported]) => `${imported}.ts` !== file),
      [],
      'each entry imports the file it names',
    );
  });
});
