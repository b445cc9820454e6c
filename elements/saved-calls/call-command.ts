// The `tool-console call` command line that makes a call from a shell or CI: the same tool, arguments, expectations
// and server as the page's. Every word is quoted for a POSIX shell (display/shell-quote.ts), so `sh -c` reads back
// exactly the tool name and the JSON the page holds.
import { expectationToFlag, type Expectation, type ServerTarget } from '../../protocol/collections.js';
import { shellQuote, shellWord } from '../display/shell-quote.js';

export interface CommandCall {
  tool: string;
  arguments: Record<string, unknown>;
  expect?: Expectation[];
}

/** `tool-console call <tool> --args '<json>' [--expect …] [--stdio '<command>' | --url '<url>' [--header 'K: V']]`. */
export function callCommand(call: CommandCall, server?: ServerTarget): string {
  const words = ['tool-console', 'call', shellWord(call.tool), '--args', shellQuote(JSON.stringify(call.arguments))];
  for (const expectation of call.expect ?? []) words.push('--expect', shellWord(expectationToFlag(expectation)));
  if (server && 'stdio' in server) words.push('--stdio', shellQuote(server.stdio));
  else if (server) {
    words.push('--url', shellWord(server.url));
    for (const [name, value] of Object.entries(server.headers ?? {}))
      words.push('--header', shellQuote(`${name}: ${value}`));
  }
  return words.join(' ');
}
