// The CLI's sandbox flags: where tool UIs run. `--sandbox-port` is the second listener's port (0, the default, picks a
// free one); `--sandbox-origin` is the origin browsers reach it under when that is not http://<host>:<port> (a
// reverse proxy's public name). Either way the sandbox must not be the console's own origin.
import { parseSandboxOrigin } from '../core/sandbox/sandbox-origin.js';
import { UsageError } from './usage-error.js';

export interface SandboxPlan {
  /** The sandbox listener's port; 0 picks a free one. */
  port: number;
  /** The origin given with --sandbox-origin (normalised); undefined: http://<host>:<port> of the listener. */
  origin: string | undefined;
}

function parseSandboxPort(value: string | undefined, consolePort: number): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new UsageError(`--sandbox-port must be a number from 0 to 65535, got "${value}"`);
  }
  if (port !== 0 && port === consolePort) {
    throw new UsageError(
      `--sandbox-port must differ from --port (${port}): tool UIs must not share the console's origin`,
    );
  }
  return port;
}

function parseSandboxOriginFlag(value: string | undefined, host: string, consolePort: number): string | undefined {
  if (value === undefined) return undefined;
  const sandbox = parseSandboxOrigin(value);
  if (sandbox === undefined) {
    throw new UsageError(
      `--sandbox-origin must be an origin such as https://apps.example.com (scheme, host, optional port; no path), got "${value}"`,
    );
  }
  const shownHost = host.includes(':') ? `[${host}]` : host;
  if (sandbox.origin === new URL(`http://${shownHost}:${consolePort}`).origin) {
    throw new UsageError(`--sandbox-origin must differ from the console's own origin (${sandbox.origin})`);
  }
  return sandbox.origin;
}

export function parseSandbox(
  flags: { 'sandbox-port'?: string; 'sandbox-origin'?: string },
  host: string,
  consolePort: number,
): SandboxPlan {
  return {
    port: parseSandboxPort(flags['sandbox-port'], consolePort),
    origin: parseSandboxOriginFlag(flags['sandbox-origin'], host, consolePort),
  };
}
