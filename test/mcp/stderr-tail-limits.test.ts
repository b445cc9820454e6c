// The stderr tail at its limits: a line of exactly the kept length is kept whole, text of exactly the pending limit is
// still one unfinished line, the text after a broken endless line starts afresh, and an unfinished line of only spaces
// is not kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StderrTail } from '../../server/mcp/stderr-tail.js';

function tail() {
  const handed: string[] = [];
  return { tail: new StderrTail([], (line) => handed.push(line)), handed };
}

describe('StderrTail at its limits', () => {
  it('keeps a line of exactly 1,000 characters whole', () => {
    const { tail: stderr } = tail();
    stderr.write(`${'a'.repeat(1000)}\n`);
    assert.deepEqual(stderr.lines(), ['a'.repeat(1000)]);
  });

  it('waits for the end of a line of exactly 64 KiB, and starts afresh after breaking a longer one', () => {
    const { tail: stderr, handed } = tail();
    stderr.write('b'.repeat(64 * 1024));
    assert.equal(handed.length, 0, 'not past the limit yet');
    stderr.write('b\n');
    stderr.write('c'.repeat(64 * 1024 + 1));
    stderr.write('next\n');
    assert.deepEqual(
      handed.map((line) => `${line[0]} ${line.length}`),
      [`b ${64 * 1024 + 1}`, `c ${64 * 1024 + 1}`, 'n 4'],
    );
    assert.equal(handed.at(-1), 'next');
  });

  it('leaves an unfinished line of only spaces out of the kept lines', () => {
    const { tail: stderr } = tail();
    stderr.write('said\n   ');
    assert.deepEqual(stderr.lines(), ['said']);
  });
});
