// The server's habits, checked on its sources: one route table whose handlers are named `handleX`, no type of the server is named like one of the page's (a
// reader of either half should never have to ask which `ToolCall` is meant), and one privacy style (`#private`)
// throughout. A scan of the sources, comments left out.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ConsoleRoutes } from '../../server/core/routes/console-routes.js';
import { ROUTES } from '../../server/core/routes/route-table.js';

const SERVER = fileURLToPath(new URL('../../../server/', import.meta.url));
const ELEMENTS = fileURLToPath(new URL('../../../elements/', import.meta.url));

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');

/** Each TypeScript source below `folder`, as [path below it, code without comments]. */
function sources(folder: string): [string, string][] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [file, withoutComments(readFileSync(join(folder, file), 'utf8'))]);
}

/** The names of the classes, interfaces and type aliases `code` declares (`exported`: only those it exports). */
function declaredTypes(code: string, exported: boolean): string[] {
  const pattern = exported
    ? /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:class|interface|type)\s+([A-Z]\w*)/gm
    : /^(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:class|interface|type)\s+([A-Z]\w*)/gm;
  return [...code.matchAll(pattern)].map((match) => match[1]!);
}

describe('server conventions', () => {
  it("names none of the server's types like one the page exports", () => {
    const page = new Set(sources(ELEMENTS).flatMap(([, code]) => declaredTypes(code, true)));
    const clashes = sources(SERVER).flatMap(([file, code]) =>
      declaredTypes(code, false)
        .filter((name) => page.has(name))
        .map((name) => `${file}: ${name}`),
    );
    assert.deepEqual(clashes, []);
  });

  it('keeps members private with #, not with the private keyword or an underscore', () => {
    const found = sources(SERVER).flatMap(([file, code]) =>
      code
        .split('\n')
        .filter((line) =>
          /^\s*(?:private|protected(?!\s+override))\b|[(,]\s*(?:private|protected)\s|\bthis\._[a-z]/.test(line),
        )
        .map((line) => `${file}: ${line.trim()}`),
    );
    assert.deepEqual(found, []);
  });

  it('routes every path through one table, each row a method, a path and a handleX of the console', () => {
    const handlers = Object.getOwnPropertyNames(ConsoleRoutes.prototype).filter((name) => name !== 'constructor');
    assert.deepEqual(
      ROUTES.map(({ handler }) => handler).sort(),
      handlers.sort(),
      'every handler of the console has a row, and every row a handler',
    );
    for (const { method, path, handler } of ROUTES) {
      assert.match(handler, /^handle[A-Z]\w+$/);
      assert.match(method, /^(GET|POST)$/);
      assert.match(path, /^\//);
    }
  });

  // server/mcp is the bridge's, reorganised on its own (its transport still has an `onExit`).
  it('names the listeners it hands to on(), once() and addEventListener() handleX', () => {
    const listener = /\.(?:on|once|off|addEventListener|removeEventListener)\(\s*'[^']+',\s*([\w$]+)\s*[,)]/g;
    const found = sources(SERVER)
      .filter(([file]) => !file.startsWith(`mcp${sep}`))
      .flatMap(([file, code]) => [...code.matchAll(listener)].map((match) => `${file}: ${match[1]}`))
      .filter((entry) => !/: handle[A-Z]\w*$/.test(entry));
    assert.deepEqual(found, []);
  });
});
