// The `tool-console/fetch` entry: the console for Fetch API runtimes. Imports nothing of node (not even on node): it
// loads on Cloudflare Workers without nodejs_compat (test/runtimes/workerd.test.ts).
export { createFetchHandler } from './fetch/handler.js';
export type { FetchHandler } from './fetch/handler.js';
export type * from './types.js';
