// One rule in one place (issue 29's house rules): the elements that draw an answer's contents (the tool result, the
// resource, prompt and template views, the content renderers, the completion field and the section tabs) share
// their common looks through modules, as every element shares theme.styles.ts, and write none of them twice. A rule
// here is a declaration block of three or more declarations; two blocks are the same when their declarations are.
// Reads the sources; needs no build of the page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const FILES = [
  'elements/content/content.styles.ts',
  'elements/tool-result/tool-result.styles.ts',
  'elements/prompt-view/prompt-view.styles.ts',
  'elements/resource-view/resource-view.styles.ts',
  'elements/template-view/template-view.styles.ts',
  'elements/completion/field.styles.ts',
  'elements/catalog-section/section-tabs.ts',
];

/** Each declaration block of the file's `css` templates, as `selector`, and its declarations joined. */
function rules(file: string): { selector: string; body: string }[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/\bcss`([^`]*)`/g)].flatMap(([, sheet]) =>
    [...sheet.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]*)\{([^{}]*)\}/g)].flatMap(([, selector, block]) => {
      const declarations = block
        .split(';')
        .map((declaration) => declaration.trim().replace(/\s+/g, ' '))
        .filter(Boolean);
      return declarations.length >= 3
        ? [{ selector: selector.trim().replace(/\s+/g, ' '), body: declarations.join('; ') }]
        : [];
    }),
  );
}

describe('the styles of the elements that draw contents', () => {
  it('should write each rule once, in a module the elements share', () => {
    const places = new Map<string, string[]>();
    for (const file of FILES) {
      for (const { selector, body } of rules(file))
        places.set(body, [...(places.get(body) ?? []), `${file} ${selector}`]);
    }
    const twice = [...places].filter(([, where]) => new Set(where.map((place) => place.split(' ')[0])).size > 1);
    assert.deepEqual(
      twice.map(([body, where]) => `${where.join(' and ')}: ${body}`),
      [],
    );
  });
});
