// A mistake on the command line: the CLI prints its message as one line, points at --help, and exits 2.
export class UsageError extends Error {
  override name = 'UsageError';
}
