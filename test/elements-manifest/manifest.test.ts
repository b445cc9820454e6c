// The Custom Elements Manifest that `npm run build` writes from the elements' JSDoc (dist/custom-elements.json), and
// what ships from it. Fails when a public property, attribute, event, slot, part or CSS property lacks a description;
// when the elements use a part, fire an event or read a `--tool-*` property their JSDoc does not document; when the
// editor data or JSX types leave an element out; and when docs/elements-reference.md is not what the manifest renders.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Described {
  name: string;
  description?: string;
}
interface Member extends Described {
  kind: string;
  privacy?: string;
  static?: boolean;
}
interface Element extends Described {
  tagName: string;
  path: string;
  attributes?: Described[];
  members?: Member[];
  events?: Described[];
  slots?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}
interface Manifest {
  modules: { path: string; declarations?: object[] }[];
}

// scripts/ is plain JavaScript that tsc does not copy to dist: load it from the source tree.
const { elementsOf, isPublic, renderElementsReference } = (await import(
  new URL('scripts/elements-reference.mjs', new URL('../../../', import.meta.url)).href
)) as {
  elementsOf: (manifest: Manifest) => Element[];
  isPublic: (member: Member) => boolean;
  renderElementsReference: (manifest: Manifest) => Promise<string>;
};

const packageJson = JSON.parse(read('package.json')) as Record<string, unknown>;
const manifestPath = String(packageJson.customElements);
assert.ok(existsSync(join(root, manifestPath)), `package.json's customElements, ${manifestPath}, is not built`);
const manifest = JSON.parse(read(manifestPath)) as Manifest;
const elements = elementsOf(manifest);
const tags = elements.map((element) => element.tagName);

/** Every element source file: the element modules and the helpers that draw parts of them. */
const sources = readdirSync(join(root, 'elements'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file: `elements/${file}`, text: read(join('elements', file)) }));

/** The names documented on any element under `key`. */
const documented = (key: 'cssParts' | 'events' | 'cssProperties') =>
  new Set(elements.flatMap((element) => (element[key] ?? []).map((item) => item.name)));

/** Names found by `pattern` (its first group, split on spaces) in the element sources, with where they occur. */
function used(pattern: RegExp, text = sources): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { file, text: source } of text) {
    for (const match of source.matchAll(pattern)) {
      for (const name of match[1].split(/\s+/).filter(Boolean)) found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

function undocumented(found: Map<string, string[]>, names: Set<string>): string[] {
  return [...found].filter(([name]) => !names.has(name)).map(([name, files]) => `${name} (${[...new Set(files)]})`);
}

describe('the elements manifest', () => {
  it('should describe every element the package defines', () => {
    const defined = used(/@customElement\('([\w-]+)'\)/g);
    assert.deepEqual([...defined.keys()].sort(), [...tags].sort());
    for (const element of elements) assert.ok(element.description?.trim(), `<${element.tagName}> has no description`);
  });

  it('should have a description for every public property, attribute, event, slot, part and CSS property', () => {
    const missing: string[] = [];
    for (const element of elements) {
      const items: [string, Described[]][] = [
        ['property', (element.members ?? []).filter((member) => member.kind === 'field' && isPublic(member))],
        ['attribute', element.attributes ?? []],
        ['event', element.events ?? []],
        ['slot', element.slots ?? []],
        ['part', element.cssParts ?? []],
        ['CSS property', element.cssProperties ?? []],
      ];
      for (const [what, list] of items) {
        for (const item of list) {
          const description = item.description?.trim() ?? '';
          // Two tags on one JSDoc line read as one, the second swallowed by the first's description.
          if (!description || /(^|\s)@[a-z]+\b/.test(description)) {
            missing.push(`<${element.tagName}> ${what} ${item.name}: ${JSON.stringify(description)}`);
          }
        }
      }
    }
    assert.deepEqual(missing, [], 'describe each in the JSDoc, one tag per line');
  });

  it('should document every part the elements draw', () => {
    const parts = used(/\bpart="([^"$]+)"/g);
    assert.ok(parts.size > 10, 'found no parts: has the markup changed shape?');
    assert.deepEqual(undocumented(parts, documented('cssParts')), [], 'add a @csspart to the element that shows it');
  });

  it('should document every event the elements fire', () => {
    const events = used(/^\s*'(tool-[\w-]+)': CustomEvent</gm, [
      { file: 'elements/events.ts', text: read('elements/events.ts') },
    ]);
    assert.ok(events.size > 5, 'found no events in elements/events.ts: has it changed shape?');
    assert.deepEqual(undocumented(events, documented('events')), [], 'add a @fires to the element that fires it');
  });

  it('should document every --tool-* CSS property the elements read', () => {
    const properties = used(/var\((--tool-[\w-]+)/g);
    assert.ok(properties.size > 5, 'found no --tool-* properties: has the theme changed shape?');
    assert.deepEqual(
      undocumented(properties, documented('cssProperties')),
      [],
      'add a @cssproperty to the element that reads it',
    );
  });
});

describe('what ships from the manifest', () => {
  const files = packageJson.files as string[];
  const shipped = (path: string) => files.some((entry) => path === entry || path.startsWith(`${entry}/`));

  it('should ship the manifest, the editor data and the JSX types', () => {
    const exports = packageJson.exports as Record<string, unknown>;
    const paths = [
      manifestPath,
      String(packageJson['web-types']),
      'dist/editors/vscode.html-custom-data.json',
      'dist/editors/vscode.css-custom-data.json',
      String((exports['./jsx'] as { types: string }).types).replace(/^\.\//, ''),
    ];
    for (const path of paths) {
      assert.ok(existsSync(join(root, path)), `${path} is not built`);
      assert.ok(shipped(path), `${path} is not in package.json's files`);
    }
  });

  it('should give VS Code and JetBrains editors every element', () => {
    const vscode = JSON.parse(read('dist/editors/vscode.html-custom-data.json')) as { tags: Described[] };
    assert.deepEqual(vscode.tags.map((tag) => tag.name).sort(), [...tags].sort());
    const webTypes = JSON.parse(read(String(packageJson['web-types']))) as {
      contributions: { html: { elements: Described[] } };
    };
    assert.deepEqual(webTypes.contributions.html.elements.map((element) => element.name).sort(), [...tags].sort());
  });

  it('should type every element the elements entry exports for React 19 and Preact JSX', () => {
    const jsx = read('dist/jsx/tool-console-jsx.d.ts');
    // <tool-app> is the console's own, loaded on demand: a page never writes it.
    const exported = new Set(
      [...read('elements/index.ts').matchAll(/export \{ ([^}]+) \}/g)].flatMap((m) => m[1].split(/,\s*/)),
    );
    const typed = elements.filter((element) => exported.has(element.name)).map((element) => element.tagName);
    assert.ok(typed.includes('tool-console') && typed.includes('tool-form'), 'found no exported elements');
    for (const tag of typed) assert.match(jsx, new RegExp(`^\\s*"${tag}": Partial<`, 'm'), `no JSX type for <${tag}>`);
    for (const module of ['react', 'preact']) {
      assert.match(jsx, new RegExp(`declare module "${module}" \\{\\s*namespace JSX`), `no JSX types for ${module}`);
    }
  });

  it('should have docs/elements-reference.md as the manifest renders it', async () => {
    assert.equal(
      read('docs/elements-reference.md'),
      await renderElementsReference(manifest),
      'docs/elements-reference.md is out of date: run `npm run build && npm run docs:elements`',
    );
  });
});
