// The Custom Elements Manifest (dist/custom-elements.json), read from the elements' JSDoc by the analyzer during
// `npm run build`, and what the package ships from it: VS Code custom data, JetBrains web-types and JSX types for
// React 19 and Preact. All of it goes to dist/, rebuilt with the code it describes, so none of it can drift from the
// code in the package. docs/elements-reference.md comes from the same manifest (`npm run docs:elements`).
import { customElementJetBrainsPlugin } from 'custom-element-jet-brains-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';
import { jsxTypesPlugin } from '@wc-toolkit/jsx-types';

/**
 * Gives each `tool-*` event the type elements/events.ts declares for it (`GlobalEventHandlersEventMap`, the one list
 * of the elements' events), so JSX handlers get a typed `detail` without the JSDoc repeating every detail type.
 */
function eventTypesFromEventMap() {
  return {
    name: 'event-types-from-event-map',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          for (const event of declaration.events ?? []) {
            if (!event.type && event.name?.startsWith('tool-')) {
              event.type = { text: `GlobalEventHandlersEventMap['${event.name}']` };
            }
          }
        }
      }
    },
  };
}

export default {
  globs: ['elements/**/*.ts'],
  // Style sheets and the pages' entries describe no element.
  exclude: ['elements/**/*.styles.ts', 'elements/page.ts', 'elements/servers-page.ts'],
  outdir: 'dist',
  litelement: true,
  // package.json names the manifest itself (customElements); the build does not rewrite it.
  packagejson: false,
  plugins: [
    // First: the plugins after it read the types it fills in.
    eventTypesFromEventMap(),
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
      // The classes from the elements' entry as tsc compiles it beside dist/jsx, which also brings the event map.
      globalTypePath: '../elements/index.js',
      // Only the console creates <tool-app>, loading it on demand: it is not among the entry's exports.
      exclude: ['tool-app'],
      stronglyTypedEvents: true,
      hideLogs: true,
    }),
  ],
};
