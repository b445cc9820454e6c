// `--stdio "<command>"` is split into words the way a POSIX shell would, without a shell: what a user would type
// after `sh -c` gives the same words, and nothing is expanded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitCommand } from '../../server/cli/split-command.js';

describe('splitCommand', () => {
  it('splits on any run of whitespace and ignores it at both ends', () => {
    assert.deepEqual(splitCommand('  npx  -y\t@scope/server\n--flag  '), ['npx', '-y', '@scope/server', '--flag']);
    assert.deepEqual(splitCommand(''), []);
    assert.deepEqual(splitCommand(' \t\n '), []);
  });

  it('keeps everything inside single quotes as it is', () => {
    assert.deepEqual(splitCommand(`node 'my server.js' '$HOME "x" \\n'`), ['node', 'my server.js', '$HOME "x" \\n']);
  });

  it('lets a backslash escape only " \\ $ and ` inside double quotes', () => {
    assert.deepEqual(splitCommand('echo "a \\"b\\" \\\\ \\$x \\`y\\`"'), ['echo', 'a "b" \\ $x `y`']);
    assert.deepEqual(splitCommand('echo "a\\nb" "c\\\'d"'), ['echo', 'a\\nb', "c\\'d"]);
    assert.deepEqual(splitCommand('echo "it\'s"'), ['echo', "it's"]);
  });

  it('lets a backslash outside quotes escape the next character, spaces and quotes included', () => {
    assert.deepEqual(splitCommand('node my\\ server.js \\"x\\" \\\\'), ['node', 'my server.js', '"x"', '\\']);
    assert.deepEqual(splitCommand("a\\'b"), ["a'b"]);
  });

  it('keeps a lone backslash at the end of the line', () => {
    assert.deepEqual(splitCommand('node x\\'), ['node', 'x\\']);
  });

  it('joins quoted and unquoted parts of one word, and keeps empty quoted words', () => {
    assert.deepEqual(splitCommand(`a"b c"'d e'f`), ['ab cd ef']);
    assert.deepEqual(splitCommand(`cmd '' "" x`), ['cmd', '', '', 'x']);
    assert.deepEqual(splitCommand(`''`), ['']);
  });

  it('refuses an unterminated quote, saying which', () => {
    assert.throws(() => splitCommand(`node 'x`), { message: `unterminated ' quote in "node 'x"` });
    assert.throws(() => splitCommand('node "x'), { message: 'unterminated " quote in "node \\"x"' });
    assert.throws(() => splitCommand('node "x\\"'), { message: 'unterminated " quote in "node \\"x\\\\\\""' });
  });
});
