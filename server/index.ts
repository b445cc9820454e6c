// The package root: mount the console with `createHandler` (a listener or Connect/Express middleware) or start it
// with `createServer`.
export { createHandler } from './node/handler.js';
export type { ConsoleHandler } from './node/handler.js';
export { createServer } from './node/server.js';
export type * from './types.js';
