// The `tool-console call` command line that makes a call from a shell or CI: the same tool, arguments, expectations
// and server as the page's (the result view's Command tab, and a saved call's Command). Every word is quoted for a
// POSIX shell (shell-quote.ts), so `sh -c` reads back exactly the tool name and the JSON the page holds.
import type { ServerTarget } from '../../protocol/collections.js';
import { shellQuote, shellWord } from './shell-quote.js';

export interface CommandCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** The expectations, each as its `--expect` value (`expectationToFlag` of protocol/collections.ts). */
  expectFlags?: string[];
}

/**
 * `tool-console call <tool> --args '<json>' [--expect …] [--stdio '<command>' | --url '<url>' [--header 'K: V']]`
 * (`… -- '<tool>'` for a tool whose name starts with a dash).
 */
export function callCommand(call: CommandCall, server?: ServerTarget): string {
  // A name that starts with a dash would read as an option: it goes last, after `--`, which ends the options.
  const dashed = call.tool.startsWith('-');
  const words = ['tool-console', 'call', ...(dashed ? [] : [shellWord(call.tool)])];
  words.push('--args', shellQuote(JSON.stringify(call.arguments)));
  for (const flag of call.expectFlags ?? []) words.push('--expect', shellWord(flag));
  if (server && 'stdio' in server) words.push('--stdio', shellQuote(server.stdio));
  else if (server) {
    words.push('--url', shellWord(server.url));
    for (const [name, value] of Object.entries(server.headers ?? {}))
      words.push('--header', shellQuote(`${name}: ${value}`));
  }
  if (dashed) words.push('--', shellWord(call.tool));
  return words.join(' ');
}
