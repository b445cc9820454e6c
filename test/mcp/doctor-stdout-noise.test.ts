// What the doctor quotes of a stdio server's stdout: the first three lines that are not JSON-RPC, each trimmed and cut
// past 200 characters, wherever the pieces of text it arrives in end, and with secrets blanked. Fed here as a child's
// stdout arrives (pieces ending mid-line); the doctor's sentence around these lines is in doctor-processes.test.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type * as Noise from '../../server/mcp/doctor/stdout-noise.js';

let StdoutNoise: typeof Noise.StdoutNoise;

before(async () => {
  ({ StdoutNoise } = await import('../../server/mcp/doctor/stdout-noise.js'));
});

/** The lines kept of stdout that arrived in `pieces`. */
function kept(pieces: string[], secrets: string[] = []): string[] {
  const noise = new StdoutNoise(secrets);
  for (const piece of pieces) noise.write(piece);
  return noise.lines();
}

describe('the stdout a stdio server wrote that was not JSON-RPC', () => {
  it('keeps each line of a piece, skipping JSON messages and blank lines', () => {
    assert.deepEqual(kept(['Starting up\n{"jsonrpc":"2.0","id":1,"result":{}}\n\nReady\n']), ['Starting up', 'Ready']);
  });

  it('keeps nothing from a server that writes only JSON-RPC', () => {
    assert.deepEqual(kept(['{"jsonrpc":"2.0","id":1,"result":{}}\n', '  {"jsonrpc":"2.0","method":"x"}\r\n']), []);
  });

  it('joins a line that arrives in several pieces', () => {
    assert.deepEqual(kept(['List', 'ening on ', 'port 80', '80\nDone\n']), ['Listening on port 8080', 'Done']);
  });

  it('keeps an unfinished last line whole, after the finished ones', () => {
    assert.deepEqual(kept(['Loading\nPress Ctrl-C to stop']), ['Loading', 'Press Ctrl-C to stop']);
    assert.deepEqual(kept(['x']), ['x']);
  });

  it('keeps only the first three lines, an unfinished fourth left out', () => {
    assert.deepEqual(kept(['one\ntwo\nthree\nfour\nfive\n']), ['one', 'two', 'three']);
    assert.deepEqual(kept(['one\ntwo\nthree\nfour']), ['one', 'two', 'three']);
  });

  it('trims a line, its Windows line end included, and keeps a carriage return inside it', () => {
    assert.deepEqual(kept(['  indented  \r\n', 'loading 50%\rloading 100%\r\n']), [
      'indented',
      'loading 50%\rloading 100%',
    ]);
  });

  it('cuts a line past 200 characters, and keeps one of 200 whole', () => {
    const long = 'x'.repeat(250);
    const exact = 'y'.repeat(200);
    assert.deepEqual(kept([`${long}\n${exact}\n`]), [`${'x'.repeat(200)}...`, exact]);
  });

  it('cuts a long line that arrives in pieces at the same place', () => {
    assert.deepEqual(kept(['a'.repeat(200), 'b', 'c'.repeat(100), '\n']), [`${'a'.repeat(200)}...`]);
    assert.deepEqual(kept(['a'.repeat(150), 'b'.repeat(150), '\nnext\n']), [
      `${'a'.repeat(150)}${'b'.repeat(50)}...`,
      'next',
    ]);
  });

  it('reads a line only as far as its first 201 characters, even when most of them are indentation', () => {
    // A JSON-RPC message starts with `{`: only the start of a line is looked at, so a large answer is not held twice.
    const indented = `${' '.repeat(150)}${'z'.repeat(100)}`;
    assert.deepEqual(kept([`${indented}\n`]), ['z'.repeat(51)]);
    assert.deepEqual(kept([' '.repeat(150), `${'z'.repeat(100)}\n`]), ['z'.repeat(51)]);
  });

  it('reads the line after a long one from its start', () => {
    assert.deepEqual(kept([`${'x'.repeat(300)}\nsecond line\n`]), [`${'x'.repeat(200)}...`, 'second line']);
  });

  it('blanks secrets out of the lines it keeps', () => {
    assert.deepEqual(kept(['using key sk-noise-0123456789\n'], ['sk-noise-0123456789']), ['using key [redacted]']);
  });
});
