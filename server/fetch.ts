// The `tool-console/fetch` entry: the console for Fetch API runtimes. Imports nothing of node:http.
export { createFetchHandler } from './fetch/handler.js';
export type { FetchHandler } from './fetch/handler.js';
export type * from './types.js';
