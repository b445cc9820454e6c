// The JSX types the package ships (`tool-console/jsx`, generated from the manifest), compiled as a React 19 app and a
// Preact app would compile them, with TypeScript's own compiler: known attributes and properties type-check, events
// reach handlers with their element and `detail` typed, and a wrong value, a misspelt detail or an unknown tag fails.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** App sources, each compiled alone: `ok` must compile, every other one must fail. */
const apps: Record<string, string> = {
  ok: `import type {} from 'tool-console/jsx';
export const console = (
  <tool-console
    src="/mcp/tools"
    heading="Tools"
    max-body={1024}
    ontool-select={(event) => event.detail.name.toUpperCase()}
    ontool-call-start={(event) => event.target.selected.length}
  />
);
export const form = <tool-form src="/mcp/tools" name="echo" allow-execute ontool-execute={(event) => event.detail} />;
export const list = <tool-list ontool-select={(event) => event.detail.name} />;`,
  wrongValue: `import type {} from 'tool-console/jsx';
export const app = <tool-console max-body="a lot" />;`,
  wrongDetail: `import type {} from 'tool-console/jsx';
export const app = <tool-list ontool-select={(event) => event.detail.nmae} />;`,
  unknownTag: `import type {} from 'tool-console/jsx';
export const app = <tool-consol src="/mcp/tools" />;`,
};

type Framework = 'react' | 'preact';

/**
 * Compiles every app once per framework (a `@jsxImportSource` pragma each) in one program inside this package, so
 * `tool-console/jsx` resolves to its export; returns each app's errors, and those of the shipped types themselves.
 */
function compile(): Record<Framework, Record<string, string[]>> & { library: string[] } {
  const files = new Map<string, { framework: Framework; app: string; source: string }>();
  for (const framework of ['react', 'preact'] as const) {
    for (const [app, source] of Object.entries(apps)) {
      files.set(join(root, 'dist', 'jsx-check', `${framework}-${app}.tsx`), {
        framework,
        app,
        source: `/** @jsxImportSource ${framework} */\n${source}`,
      });
    }
  }
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file)?.source ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const app = files.get(file);
    return app ? ts.createSourceFile(file, app.source, language) : getSourceFile.call(host, file, language, ...rest);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const message = (d: ts.Diagnostic) => ts.flattenDiagnosticMessageText(d.messageText, '\n');
  const errors = { react: {}, preact: {}, library: [] } as Record<Framework, Record<string, string[]>> & {
    library: string[];
  };
  for (const [file, { framework, app }] of files) {
    errors[framework][app] = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map(message);
  }
  // What the shipped types themselves get wrong shows up in an app that does not skip checking libraries.
  errors.library = program
    .getSemanticDiagnostics()
    .filter((d) => d.file?.fileName.includes('/dist/jsx/'))
    .map((d) => `${d.file!.fileName}: ${message(d)}`);
  return errors;
}

const compiled = compile();

it('should ship JSX types that compile in an app that checks its libraries', () => {
  assert.deepEqual(compiled.library, []);
});

for (const framework of ['react', 'preact'] as const) {
  describe(`the JSX types in a ${framework === 'react' ? 'React 19' : 'Preact'} app`, () => {
    const errors = compiled[framework];

    it('should compile the elements with their attributes, properties and typed events', () => {
      assert.deepEqual(errors.ok, []);
    });

    it('should reject a wrong value, a misspelt event detail and an unknown tag', () => {
      assert.match(errors.wrongValue.join('\n'), /not assignable to type 'number/);
      assert.match(errors.wrongDetail.join('\n'), /Property 'nmae' does not exist/);
      assert.match(errors.unknownTag.join('\n'), /tool-consol/);
    });
  });
}
