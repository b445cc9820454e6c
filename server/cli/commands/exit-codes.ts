// The exit codes of the one-shot commands (`list`, `call`, `read`, `prompt`, `run`), one meaning each, so a shell
// script or a CI step can tell "the tool said no" from "the server is down" from "your flags are wrong".
import { UsageError } from '../usage-error.js';

export const EXIT = {
  ok: 0,
  /** The tool answered `isError: true` (or a read or prompt failed on the server). */
  toolError: 1,
  /** Bad flags, an unknown tool, invalid arguments, a malformed collection, an unreadable file. */
  usage: 2,
  /** The MCP server could not be started or reached. */
  connect: 3,
  timeout: 4,
  /** An expectation (`--expect`, a collection's `expect`) failed. */
  expectation: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A command that cannot go on: one line for stderr, and the exit code that says which kind of failure it was. */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CommandFailure';
  }
}

/** The exit code of whatever a command threw: usage errors are 2, failures say their own, anything else is 1. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof CommandFailure) return error.exitCode;
  return EXIT.toolError;
}
