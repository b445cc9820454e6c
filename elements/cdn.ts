// The entry of the CDN file (dist/cdn/tool-console.js), for one <script type="module"> tag. It loads like the page:
// the console and the elements it shows first now, the form and the question dialog from a script beside this one
// when they are first needed (the form machinery is the largest part of the elements), and what only some pages need
// later still. Bundlers import elements/index.ts, which includes everything as usual.
export * from './api.js';
export * from './events.js';
export { ToolAuthBar } from './tool-auth-bar/tool-auth-bar.js';
export { ToolConsole } from './tool-console/tool-console.js';
export { ToolDescription } from './tool-description/tool-description.js';
export { ToolList } from './tool-list/tool-list.js';

/**
 * Defines `<tool-form>` and `<tool-question>` and resolves to their classes, loading them once, from beside this file.
 * `<tool-console>` loads them itself; a page that creates them from script (not in its markup) awaits this first.
 */
export const loadToolForm = () => import('./tool-form-and-question.js');

/** Defines `<tool-result>` and resolves to its module, the same way (the console loads it with its first call). */
export const loadToolResult = () => import('./tool-result/tool-result.js');

/** The elements this file leaves to the scripts beside it. */
const LOADED_ON_USE = 'tool-form, tool-question, tool-result';

const usesToolForm = (node: Node) =>
  node instanceof Element && (node.matches(LOADED_ON_USE) || node.querySelector(LOADED_ON_USE) !== null);

// A page that puts the form or the question dialog in its markup, outside a console, gets them as soon as one is there,
// as it did when this file carried them (a module script runs once the markup is parsed).
if (typeof document !== 'undefined') {
  const watch = new MutationObserver((records) => {
    if (records.some((record) => [...record.addedNodes].some(usesToolForm))) load();
  });
  const load = () => {
    watch.disconnect();
    void loadToolForm();
    void loadToolResult();
  };
  if (usesToolForm(document.documentElement)) load();
  else watch.observe(document.documentElement, { childList: true, subtree: true });
}
