// How the CLI makes each configured server's connection and console: the same ones `--stdio`/`--url` make for one
// server (deferred-mcp.ts, console-options.ts), its output marked with its name and its page titled after it.
import { createHandler } from '../../node/handler.js';
import { consoleOptionsOf, serverTitle, type ConsolePlan } from '../console-options.js';
import { deferredMcp, type ConnectPlan } from '../deferred-mcp.js';
import type { ServerMaker } from './server-entry.js';

export function cliServerMaker(plan: ConsolePlan & ConnectPlan, sandboxOrigin: string): ServerMaker {
  return {
    bridgeFor: (server, secrets, onFailure) =>
      deferredMcp(server.target, plan, { label: server.name, secrets, onFailure }),
    consoleFor: (server, bridge, prefix) =>
      createHandler(consoleOptionsOf(bridge, plan, { prefix, sandboxOrigin, title: serverTitle(bridge, server.name) })),
  };
}
