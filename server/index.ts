// The package root: mount the console with `createHandler` (a listener or Connect/Express middleware) or start it
// with `createServer`.
export { createHandler } from './handler.js';
export type { ConsoleHandler } from './handler.js';
export { createServer } from './server.js';
export type * from './types.js';
