// The doctor: turns a failed connection into one sentence a person can act on, with the evidence it read that from.
// The failure is read from what the SDK threw and from what the bridge saw beside it (how a child process ended, its
// last stderr lines, what it wrote on stdout that was not JSON), in an order where the more telling sign wins: a
// program that printed a web server's banner on stdout also "timed out", but the banner is what explains it.
import { SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { formatRedacted } from '../../core/redact-secrets.js';
import { describeTarget, type McpTarget } from '../transport.js';
import type { Diagnosis, DiagnosisEvidence, DiagnosisReason } from './diagnosis.js';
import { describeError, networkCode, rootCause, SPOKEN_VERSIONS } from './describe-error.js';

/** How many of a failed server's last stderr lines the sentence quotes: enough for a reason, not a log. */
const QUOTED_STDERR_LINES = 3;

/** TLS failures that are about trusting the certificate, rather than about speaking TLS at all. */
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_CERT_ALTNAME/;
const TLS_CODES = /^(ERR_SSL_|ERR_TLS_|EPROTO$)|CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

export interface ConnectFailure {
  target: McpTarget;
  /** What connecting threw. */
  error: unknown;
  /** How the child process ended, once it has (stdio). */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /** The child's last stderr lines, secrets already blanked. */
  stderr: readonly string[];
  /** The first lines the child wrote on stdout that were not JSON, secrets already blanked. */
  stdout: readonly string[];
  /** The time limit of connecting. */
  connectTimeoutMs: number;
  /** Text blanked out of the sentence and the evidence, as a safety net (the values of --header, API keys). */
  secrets: readonly string[];
  /** The failure came during an OAuth flow: the OAuth session's own words for it, and where to authorize. */
  oauth?: { reason: string; authorizeAt?: URL };
}

export function diagnose(failure: ConnectFailure): Diagnosis {
  const { reason, cause, evidence } = read(failure);
  const sentence = `Could not connect to the MCP server (${describeTarget(failure.target)}): ${cause}`;
  return blank({ reason, sentence, evidence }, failure.secrets);
}

interface Reading {
  reason: DiagnosisReason;
  /** What failed and what to do, after the common opening. */
  cause: string;
  evidence: DiagnosisEvidence;
}

function read(failure: ConnectFailure): Reading {
  const { target, error, exit, stdout, connectTimeoutMs } = failure;
  const stderr = failure.stderr.map((line) => line.trim());
  const url = 'url' in target ? String(target.url) : undefined;
  const at = url === undefined ? {} : { url };
  const tail = stderr.length ? { stderr: [...stderr] } : {};
  const code = error instanceof Error ? networkCode(error) : undefined;

  if (failure.oauth) return readOAuth(failure.oauth, error, exit, stderr, at);
  if ('stdio' in target && code === 'ENOENT' && /\bspawn\b/.test(String((error as Error).message))) {
    const command = target.stdio.command;
    return {
      reason: 'command-not-found',
      cause: `the command "${command}" was not found; install it, or give its full path (it is looked up on PATH)`,
      evidence: { command },
    };
  }
  if (stdout.length) {
    return {
      reason: 'non-json-stdout',
      cause:
        `it wrote text that is not JSON-RPC on stdout (${stdout.map((line) => `"${line}"`).join(', ')}); a stdio MCP ` +
        'server keeps stdout for protocol messages: check that the command starts an MCP server over stdio and logs ' +
        'to stderr',
      evidence: { stdout: [...stdout], ...tail },
    };
  }
  const version = error instanceof Error && /protocol version is not supported: (\S+)/i.exec(error.message)?.[1];
  if (version) {
    return {
      reason: 'protocol-version',
      cause:
        `it answered protocol version ${version}, which tool-console does not speak (it speaks ` +
        `${SPOKEN_VERSIONS.join(', ')}); use a version of the server that speaks one of these`,
      evidence: { protocolVersion: version },
    };
  }
  const status = httpStatus(error);
  if (status === 401) {
    const sentToken =
      'url' in target && Object.keys(target.headers ?? {}).some((name) => /^authorization$/i.test(name));
    return sentToken
      ? {
          reason: 'token-refused',
          cause:
            'it refused the token sent in the Authorization header (HTTP 401); check or renew the token given with ' +
            '--header',
          evidence: { ...at, status },
        }
      : {
          reason: 'unauthorized',
          cause:
            'it requires authorization (HTTP 401); pass a token with --header "Authorization: Bearer <token>", or ' +
            'leave that header out and let tool-console authorize with OAuth',
          evidence: { ...at, status },
        };
  }
  if (status === 403) {
    return {
      reason: 'forbidden',
      cause:
        'it denied access (HTTP 403): whoever it took the client for may not use it; ask its owner for access, or ' +
        'use a token with the right scope',
      evidence: { ...at, status },
    };
  }
  if (code !== undefined && url !== undefined) {
    const network = readNetwork(code, new URL(url));
    if (network) return { ...network, evidence: { ...at, code } };
  }
  if (exit) {
    const how = exit.signal ? `it was ended by signal ${exit.signal}` : `it exited with exit code ${exit.code}`;
    const said = stderr.length
      ? ` (its last stderr lines: ${stderr.slice(-QUOTED_STDERR_LINES).join(' | ')}); run the command in a terminal ` +
        'to see the whole error'
      : ', printing nothing on stderr; run the command in a terminal to see why';
    return {
      reason: 'exited',
      cause: `${how} before answering${said}`,
      evidence: { ...(exit.signal ? { signal: exit.signal } : { exitCode: exit.code ?? undefined }), ...tail },
    };
  }
  if (isTimeout(error)) {
    return {
      reason: 'timeout',
      cause:
        `it did not answer within ${connectTimeoutMs} ms; if it is slow to start, allow it more time with ` +
        '--connect-timeout <ms> (connectTimeoutMs)',
      evidence: { ...at, limitMs: connectTimeoutMs, ...tail },
    };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    return {
      reason: 'closed',
      cause: 'it closed the connection before answering; check that it is an MCP server and that it is running',
      evidence: { ...at, ...tail },
    };
  }
  return { reason: 'other', cause: describeError(error), evidence: { ...at, ...(code && { code }), ...tail } };
}

/** A failure inside an OAuth flow keeps the OAuth session's words; a pending authorization says where to go. */
function readOAuth(
  oauth: NonNullable<ConnectFailure['oauth']>,
  error: unknown,
  exit: ConnectFailure['exit'],
  stderr: string[],
  at: { url?: string },
): Reading {
  const status = httpStatus(error);
  return {
    reason: 'oauth',
    cause: oauth.reason + (oauth.authorizeAt ? `; authorize at ${oauth.authorizeAt.href}` : ''),
    evidence: { ...at, ...(status !== undefined && { status }), ...(exit && stderr.length && { stderr }) },
  };
}

function readNetwork(code: string, url: URL): Omit<Reading, 'evidence'> | undefined {
  if (code === 'ECONNREFUSED') {
    return {
      reason: 'connection-refused',
      cause: `nothing is listening at ${url.host} (ECONNREFUSED); start the server, or correct --url`,
    };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return {
      reason: 'dns',
      cause: `the host name "${url.hostname}" could not be resolved (${code}); check the host in --url and the network`,
    };
  }
  if (!TLS_CODES.test(code)) return undefined;
  if (CERTIFICATE_CODES.test(code)) {
    return {
      reason: 'tls',
      cause:
        `its TLS certificate is not trusted (${code}); fix the certificate, or trust its authority with ` +
        'NODE_EXTRA_CA_CERTS=<file>',
    };
  }
  const plain = code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG';
  return {
    reason: 'tls',
    cause: plain
      ? `the TLS handshake failed (${code}): nothing speaks TLS on that port; try http:// instead of https://`
      : `the TLS handshake failed (${code}); check the URL's scheme and the server's TLS setup`,
  };
}

/** The HTTP status of an SDK HTTP failure (the probe's 401/403, a POST's), or of an OAuth refusal (401). */
function httpStatus(error: unknown): number | undefined {
  if (error instanceof SdkHttpError) return error.status;
  if (error instanceof UnauthorizedError) return 401;
  return undefined;
}

function isTimeout(error: unknown): boolean {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return true;
  return error instanceof Error && /timed out/i.test(rootCause(error).message + error.message);
}

/** The secrets blanked out of every string of the diagnosis. */
function blank(diagnosis: Diagnosis, secrets: readonly string[]): Diagnosis {
  if (!secrets.length) return diagnosis;
  const text = (value: string) => formatRedacted(value, secrets);
  const evidence = Object.fromEntries(
    Object.entries(diagnosis.evidence).map(([key, value]) => [
      key,
      typeof value === 'string' ? text(value) : Array.isArray(value) ? value.map(text) : value,
    ]),
  ) as DiagnosisEvidence;
  return { ...diagnosis, sentence: text(diagnosis.sentence), evidence };
}
