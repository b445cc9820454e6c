// The element modules, for bundlers; the CDN build bundles this file with lit.
export * from './api.js';
export * from './events.js';
