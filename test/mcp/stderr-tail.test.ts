// The stderr tail on its own: pieces of text become lines whatever their boundaries, the last 20 non-blank lines are
// kept (an unfinished one too), long lines are cut, and secrets are blanked out before any line goes anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STDERR_TAIL_LINES, StderrTail } from '../../server/mcp/stderr-tail.js';

function tail(secrets: string[] = []) {
  const handed: string[] = [];
  return { tail: new StderrTail(secrets, (line) => handed.push(line)), handed };
}

describe('StderrTail', () => {
  it('joins pieces into lines whatever their boundaries, and drops the line endings (\\n and \\r\\n)', () => {
    const { tail: stderr, handed } = tail();
    for (const piece of ['fir', 'st\nsec', 'ond\r', '\nthird\n\n', 'unfin', 'ished']) stderr.write(piece);
    assert.deepEqual(handed, ['first', 'second', 'third', '']);
    assert.deepEqual(stderr.lines(), ['first', 'second', 'third', 'unfinished']);
  });

  it('hands on an unfinished last line when the stream ends', () => {
    const { tail: stderr, handed } = tail();
    stderr.write('done\nbye');
    stderr.end();
    stderr.end();
    assert.deepEqual(handed, ['done', 'bye']);
    assert.deepEqual(stderr.lines(), ['done', 'bye']);
  });

  it(`keeps the last ${STDERR_TAIL_LINES} lines that say something`, () => {
    const { tail: stderr } = tail();
    for (let line = 1; line <= 30; line++) stderr.write(`line ${line}\n \n`);
    assert.deepEqual(
      stderr.lines(),
      Array.from({ length: 20 }, (_, i) => `line ${i + 11}`),
    );
    stderr.write('last, unfinished');
    assert.equal(stderr.lines().length, 20);
    assert.deepEqual(stderr.lines().slice(-2), ['line 30', 'last, unfinished']);
  });

  it('cuts kept lines at 1,000 characters, hands on the whole line, and breaks an endless one at 64 KiB', () => {
    const { tail: stderr, handed } = tail();
    stderr.write(`${'a'.repeat(5000)}\n`);
    assert.equal(handed[0]?.length, 5000);
    assert.equal(stderr.lines()[0], `${'a'.repeat(1000)}...`);
    stderr.write('b'.repeat(64 * 1024 + 1));
    assert.equal(handed[1]?.length, 64 * 1024 + 1, 'handed on as a line once past the limit');
  });

  it('blanks secrets out of handed-on and kept lines, an unfinished one included, even when split across pieces', () => {
    const { tail: stderr, handed } = tail(['sk-live-0123456789']);
    stderr.write('key sk-live-01234');
    stderr.write('56789 refused\nstill sk-live-0123456789');
    assert.deepEqual(handed, ['key [redacted] refused']);
    assert.deepEqual(stderr.lines(), ['key [redacted] refused', 'still [redacted]']);
  });
});
