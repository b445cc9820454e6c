// A console's options from the CLI's flags: one console in front of one MCP server (or the demo tools), or one of the
// many consoles of `--config` (cli/many-servers/), each in front of its own server under its own prefix.
import type { CliPlan } from './args.js';
import type { DeferredBridge } from './deferred-bridge.js';
import { terseLogger } from './logger.js';
import { createDemo } from '../demo/index.js';
import type { ToolConsoleOptions } from '../types.js';

type ServePlan = Extract<CliPlan, { kind: 'serve' }>;

/** The flags every console of the CLI shares. */
export type ConsolePlan = Pick<
  ServePlan,
  'allowExecute' | 'maxBodyBytes' | 'timeoutMs' | 'totalTimeoutMs' | 'allowedHosts'
>;

/** Where a console is mounted, and what its page is called. */
export interface ConsoleMount {
  prefix: string | undefined;
  /** Where its tool UIs run (the sandbox listener's origin). */
  sandboxOrigin: string;
  title: ToolConsoleOptions['title'];
}

/**
 * The page's title as the server names itself once connected (`serverInfo.title`, else its name), else `fallback`
 * (undefined: the console's default title).
 */
export function serverTitle(bridge: DeferredBridge, fallback?: string): () => string | undefined {
  return () => bridge.serverInfo?.title || bridge.serverInfo?.name || fallback;
}

/** The options of a console in front of `bridge`, or of the demo tools without one. */
export function consoleOptionsOf(
  bridge: DeferredBridge | undefined,
  plan: ConsolePlan,
  mount: ConsoleMount,
): ToolConsoleOptions {
  const source = bridge?.options ?? createDemo();
  return {
    tools: source.tools,
    handleCall: source.handleCall,
    notifications: bridge?.options.notifications,
    allowExecute: plan.allowExecute,
    title: mount.title,
    // The page names the server it fronts once connected.
    serverInfo: bridge && (() => bridge.serverInfo),
    readResource: source.readResource,
    // What the server offers besides tools, as its capabilities declare once it has connected.
    ...(bridge && {
      resources: bridge.options.resources,
      resourceTemplates: bridge.options.resourceTemplates,
      prompts: bridge.options.prompts,
      getPrompt: bridge.options.getPrompt,
      complete: bridge.options.complete,
      subscribeResource: bridge.options.subscribeResource,
      unsubscribeResource: bridge.options.unsubscribeResource,
      // The protocol log, notifications and server panel (guarded like a call: they need --allow-execute).
      inspect: bridge.inspector,
    }),
    sandboxOrigin: mount.sandboxOrigin,
    prefix: mount.prefix,
    maxBodyBytes: plan.maxBodyBytes,
    callTimeoutMs: plan.timeoutMs,
    callTotalTimeoutMs: plan.totalTimeoutMs,
    allowedHosts: plan.allowedHosts,
    logger: terseLogger,
  };
}
