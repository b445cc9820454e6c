// What the CLI does about what its own code does not say: a warning the SDK prints that would only repeat the CLI's
// own line, and whatever escapes every handler (a bug, an error event nobody listened for), which still ends as one
// line. Installed once, as cli.ts starts; both take their target so a test can hand them its own.
import type { EventEmitter } from 'node:events';

/**
 * Drops the SDK's warning that it discards the credentials after invalid_client or invalid_grant and tries once more:
 * either the retry works, or its failure is the one line the CLI prints, and a second line saying the same would only
 * confuse. The SDK (2.4.0, the newest 2.x) writes it with console.warn and has no option to silence it: without this
 * filter test/cli/cli-oauth-client-identity.test.ts ("refused in one line") sees two lines. Every other warning passes.
 */
export function dropCredentialRetryWarnings(target: Pick<Console, 'warn'> = console): void {
  const warn = target.warn.bind(target);
  target.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && /^\[mcp-sdk\] OAuth "[a-z_]+" — /.test(args[0])) return;
    warn(...args);
  };
}

/** A safety net: an exception or rejection nobody handled becomes `fail`'s one line, not a stack trace. */
export function failOnEscapes(fail: (message: string) => void, target: EventEmitter = process): void {
  target.on('uncaughtException', (error: Error) => fail(error.message));
  target.on('unhandledRejection', (reason: unknown) => fail(reason instanceof Error ? reason.message : String(reason)));
}
