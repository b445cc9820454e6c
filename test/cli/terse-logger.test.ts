// The CLI's log: one line per event, info on stdout, warnings and errors on stderr, errors as their message only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terseLogger } from '../../server/cli/logger.js';

/** What `log` wrote to stdout and stderr. The streams are swapped back before anything else can run. */
function captured(log: () => void): { stdout: string; stderr: string } {
  const written = { stdout: '', stderr: '' };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  process.stdout.write = ((chunk: string) => ((written.stdout += chunk), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => ((written.stderr += chunk), true)) as typeof process.stderr.write;
  try {
    log();
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
  }
  return written;
}

describe('terseLogger', () => {
  it('writes info to stdout as one formatted line', () => {
    assert.deepEqual(
      captured(() => terseLogger.info('call of %s aborted', '"echo"', { n: 1 })),
      {
        stdout: 'call of "echo" aborted { n: 1 }\n',
        stderr: '',
      },
    );
  });

  it('writes warnings and errors to stderr, an Error as its message without a stack', () => {
    const error = new Error('boom');
    assert.deepEqual(
      captured(() => terseLogger.warn('tool-console: denied:', error)),
      { stdout: '', stderr: 'tool-console: denied: boom\n' },
    );
    assert.deepEqual(
      captured(() => terseLogger.error('tool-console: tool "x" threw:', error, 'and', 7)),
      {
        stdout: '',
        stderr: 'tool-console: tool "x" threw: boom and 7\n',
      },
    );
  });
});
