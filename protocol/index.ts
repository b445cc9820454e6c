// The wire of tool-console's HTTP API, once: the bodies of every route, the events of both streams with their
// encoders (the server's) and decoders (the page's), and the small helpers both sides share. Runtime-neutral: it
// imports nothing from Node or the DOM, so the server, the page and any other client import the same definitions.
export * from './call-events.js';
export * from './calls.js';
export * from './catalog.js';
export * from './console-info.js';
export * from './collections.js';
export * from './errors.js';
export * from './is-plain-object.js';
export * from './json-pointer.js';
export * from './json-text.js';
export * from './icons.js';
export * from './questions.js';
export * from './resources.js';
export * from './server-state.js';
export * from './tools.js';
export * from './servers.js';
