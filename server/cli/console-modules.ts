// What `tool-console` needs to serve the console and nothing else needs: its HTTP handler, the front door and the
// sandbox listener, the demo tools, the bridge that waits for the MCP server, the router of many servers. cli.ts loads
// them only when it serves, so a one-shot command (`tool-console list tools ...`) starts without them (they took about
// 100 ms to load here).
export { FrontDoor } from './front-door.js';
export { listenerOrigin, SandboxListener } from './sandbox-listener.js';
export { createHandler } from '../index.js';
export { serverFor } from '../node/server.js';
export { terseLogger } from './logger.js';
export { consoleOptionsOf, serverTitle } from './console-options.js';
export { deferredMcp } from './deferred-mcp.js';
export { cliServerMaker } from './many-servers/server-maker.js';
export { ServerSet } from './many-servers/server-set.js';
export { createServersRouter } from './many-servers/servers-router.js';
