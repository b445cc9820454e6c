// One connection for one command: the server started or reached, its failure told in the doctor's sentence (exit 3),
// and OAuth only from what is already kept (a token store, or client credentials): a script cannot open a browser.
import type { ChildProcess } from 'node:child_process';
import { connectMcp, McpConnectionError, type McpBridge, type McpTarget } from '../../mcp/index.js';
import { TokenStore } from '../../mcp/oauth/token-store.js';
import { secretsOf } from '../secrets.js';
import type { CommonPlan } from './one-shot-args.js';
import { CommandFailure, EXIT } from './exit-codes.js';
import type { QuestionAnswers } from './question-answers.js';

// The servers this process started. A command ends the process once it has its answer; the SDK's close() would give
// each server 2 s to notice its stdin closed (server-everything never does: every one-shot took 2.4 s), so they are
// stopped here instead.
const started = new Set<ChildProcess>();

/** Stops every server this process started, at once (SIGTERM). */
export function stopStartedServers(): void {
  // Each one here is still running: a server leaves the set as it exits (below).
  for (const child of started) child.kill('SIGTERM');
}

/** Connects to `target`, or fails with exit 3 and a sentence that says why and what to do. */
export async function connectOnce(target: McpTarget, plan: CommonPlan, answers: QuestionAnswers): Promise<McpBridge> {
  // Stryker disable next-line ArrowFunction: the promise's executor replaces it at once, before anything can call it
  let needsLogin: (error: CommandFailure) => void = () => {};
  const loginNeeded = new Promise<never>((_resolve, reject) => (needsLogin = reject));
  const withAuth: McpTarget =
    'url' in target
      ? {
          ...target,
          auth: {
            clientId: plan.clientId,
            clientSecret: plan.clientSecret,
            clientCredentials: plan.clientId !== undefined && plan.clientSecret !== undefined,
            tokenStore: storeWithTokens(String(target.url), plan.tokenStore),
            // Never visited: an authorization the tokens do not cover stops the command (below).
            redirectUrl: 'http://127.0.0.1/oauth/callback',
            onAuthorizationUrl: () =>
              needsLogin(
                new CommandFailure(
                  `${target.url} needs you to authorize first: run tool-console --url ${target.url} --token-store ` +
                    `<file> once and authorize in the browser, then pass the same --token-store here`,
                  EXIT.connect,
                ),
              ),
          },
        }
      : target;
  try {
    return await Promise.race([
      connectMcp(withAuth, {
        // The command's own clock (--timeout) ends it; the bridge's would only race it.
        callTimeoutMs: 0,
        connectTimeoutMs: plan.connectTimeoutMs,
        secrets: [...secretsOf(target), ...(plan.clientSecret ? [plan.clientSecret] : [])],
        logLevel: 'error',
        // One start of the server, not two: the era comes from its answer to the probe (about 250 ms less here).
        probeInPlace: true,
        onChildProcess: (child) => {
          started.add(child);
          // Stryker disable next-line ArrowFunction,StringLiteral: kill() signals nothing once a child has exited, so one left in the set is never signalled again
          child.once('exit', () => started.delete(child));
        },
      }),
      loginNeeded,
    ]);
  } catch (error) {
    if (error instanceof CommandFailure) throw error;
    if (error instanceof McpConnectionError) throw new CommandFailure(error.message, EXIT.connect);
    throw new CommandFailure(`Could not connect to the MCP server: ${(error as Error).message}`, EXIT.connect);
  }
}

/**
 * The token store, when it holds tokens for this server. A store without them is not used at all: a script cannot
 * authorize, and the client it would register (with a redirect nobody listens on) must not replace the one a
 * person's console keeps there.
 */
function storeWithTokens(server: string, file: string | undefined): string | undefined {
  try {
    // Without a file the store is empty, and none is used.
    return new TokenStore(server, file).tokens ? file : undefined;
  } catch (error) {
    // A TokenStoreError, the only error TokenStore throws: a file it cannot read, or one that is not a token store.
    throw new CommandFailure((error as Error).message, EXIT.usage);
  }
}
