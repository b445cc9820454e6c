// Renders docs/elements-reference.md from the Custom Elements Manifest (dist/custom-elements.json, written by
// `npm run build`), so the elements reference says what the JSDoc says and nothing else. Run as a script it writes
// the file (`npm run docs:elements`); test/elements-manifest checks that the committed file is what it renders.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

// The console first, then by tag name: the manifest lists modules in the order its glob found them, which is the
// file system's and differs between machines.
const rank = (element) => (element.tagName === 'tool-console' ? 0 : 1);

/** The elements of a manifest, with the module each is defined in, in a stable order (the console first). */
export function elementsOf(manifest) {
  return manifest.modules
    .flatMap((module) => (module.declarations ?? []).map((declaration) => ({ ...declaration, path: module.path })))
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => rank(a) - rank(b) || a.tagName.localeCompare(b.tagName));
}

/** A public instance member: what a page may read, set or call. */
export const isPublic = (member) => (member.privacy ?? 'public') === 'public' && !member.static;

/** Text for one table cell: on one line, with the characters a Markdown table reads escaped. */
const cell = (text = '') =>
  String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

const code = (text) => (text ? `\`${cell(text).replace(/`/g, "'")}\`` : '');

function table(head, rows) {
  if (!rows.length) return [];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

function renderElement(element) {
  const members = (element.members ?? []).filter(isPublic);
  const attributes = element.attributes ?? [];
  const reflected = new Set(attributes.map((attribute) => attribute.fieldName));
  const properties = members.filter((member) => member.kind === 'field' && !reflected.has(member.name));
  const methods = members.filter((member) => member.kind === 'method');
  return [
    `## \`<${element.tagName}>\``,
    '',
    `Class \`${element.name}\`, defined in \`${element.path}\`.`,
    '',
    element.description ?? '',
    '',
    ...section('Attributes', ['Attribute', 'Property', 'Type', 'Default', 'Description'], attributes, (a) => [
      code(a.name),
      code(a.fieldName),
      code(a.type?.text),
      code(a.default),
      cell(a.description),
    ]),
    ...section('Properties', ['Property', 'Type', 'Description'], properties, (p) => [
      code(p.name),
      code(p.type?.text),
      cell(p.description) + (p.readonly ? ' (read-only)' : ''),
    ]),
    ...section('Methods', ['Method', 'Description'], methods, (m) => [
      code(`${m.name}(${(m.parameters ?? []).map((parameter) => parameter.name).join(', ')})`),
      cell(m.description),
    ]),
    ...section('Events', ['Event', 'Description'], element.events ?? [], (e) => [code(e.name), cell(e.description)]),
    ...section('Slots', ['Slot', 'Description'], element.slots ?? [], (s) => [code(s.name), cell(s.description)]),
    ...section('CSS parts', ['Part', 'Description'], element.cssParts ?? [], (p) => [
      code(p.name),
      cell(p.description),
    ]),
    ...section('CSS properties', ['Property', 'Description'], element.cssProperties ?? [], (p) => [
      code(p.name),
      cell(p.description),
    ]),
  ];
}

function section(title, head, items, row) {
  return items.length ? [`### ${title}`, '', ...table(head, items.map(row))] : [];
}

/** The whole reference, as Markdown formatted by the project's Prettier settings (the test suite checks them). */
export async function renderElementsReference(manifest) {
  const elements = elementsOf(manifest);
  const markdown = [
    '<!-- Generated from dist/custom-elements.json by scripts/elements-reference.mjs: edit the JSDoc in elements/, then run `npm run build && npm run docs:elements`. -->',
    '',
    '# Elements reference',
    '',
    'Every element the package defines, as its JSDoc describes it. The same manifest gives editors their data',
    '(`dist/editors/`: VS Code custom data, JetBrains web-types) and JSX its types (`dist/jsx/tool-console-jsx.d.ts`).',
    '',
    ...elements.map((element) => `- [\`<${element.tagName}>\`](#${element.tagName})`),
    '',
    ...elements.flatMap(renderElement),
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
  const file = fileURLToPath(new URL('../docs/elements-reference.md', import.meta.url));
  return format(markdown, { ...(await resolveConfig(file)), filepath: file });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL('../', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('dist/custom-elements.json', root), 'utf8'));
  writeFileSync(new URL('docs/elements-reference.md', root), await renderElementsReference(manifest));
}
