// The CLI's log: one line per event. A tool that throws is routine in a console (the demo has one on purpose),
// so errors are reduced to their message instead of filling the terminal with stack traces.
import { format } from 'node:util';
import type { Logger } from '../types.js';

function line(args: unknown[]): string {
  const terse = args.map((arg) => (arg instanceof Error ? arg.message : arg));
  return `${format(...terse)}\n`;
}

export const terseLogger: Logger = {
  info: (...args) => process.stdout.write(line(args)),
  warn: (...args) => process.stderr.write(line(args)),
  error: (...args) => process.stderr.write(line(args)),
};
