// The Custom Elements Manifest (dist/custom-elements.json), read from the elements' JSDoc by the analyzer during
// `npm run build`, and what the package ships from it: VS Code custom data, JetBrains web-types and JSX types for
// React 19 and Preact. All of it goes to dist/, rebuilt with the code it describes, so none of it can drift from the
// code in the package. docs/elements-reference.md comes from the same manifest (`npm run docs:elements`).
import { customElementJetBrainsPlugin } from 'custom-element-jet-brains-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';
import { jsxTypesPlugin } from '@wc-toolkit/jsx-types';

export default {
  globs: ['elements/**/*.ts'],
  // Style sheets and the page's entry describe no element.
  exclude: ['elements/**/*.styles.ts', 'elements/page.ts'],
  outdir: 'dist',
  litelement: true,
  // package.json names the manifest itself (customElements); the build does not rewrite it.
  packagejson: false,
  plugins: [
    customElementVsCodePlugin({
      outdir: 'dist/editors',
      htmlFileName: 'vscode.html-custom-data.json',
      cssFileName: 'vscode.css-custom-data.json',
      hideLogs: true,
    }),
    customElementJetBrainsPlugin({
      outdir: 'dist/editors',
      webTypesFileName: 'web-types.json',
      packageJson: false,
      hideLogs: true,
    }),
    jsxTypesPlugin({
      outdir: 'dist/jsx',
      fileName: 'tool-console-jsx.d.ts',
      // The classes the types describe, as tsc compiles them beside dist/jsx (dist/elements/...).
      componentTypePath: (_name, _tag, modulePath) => `../${modulePath.replace(/\.ts$/, '.js')}`,
      stronglyTypedEvents: true,
      hideLogs: true,
    }),
  ],
};
