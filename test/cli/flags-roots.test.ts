// --root names directories the MCP server may work in: each must be one, and a file or a missing path is refused the
// same way.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { serve, usageError } from './parse-cli.js';

describe('CLI flags: --root', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tool-console-roots-'));
  const file = join(folder, 'notes.txt');
  writeFileSync(file, 'not a directory');
  mkdirSync(join(folder, 'project'));
  symlinkSync(join(folder, 'project'), join(folder, 'link'));

  it('refuses a file', () => {
    assert.equal(usageError(['--root', file]), `--root must be a directory, got "${file}"`);
  });

  it('refuses the whole list when one of them is not a directory', () => {
    assert.equal(
      usageError(['--root', join(folder, 'project'), '--root', join(folder, 'gone')]),
      `--root must be a directory, got "${join(folder, 'gone')}"`,
    );
  });

  it('takes a link to a directory as the path given, made absolute', () => {
    assert.deepEqual(serve(['--root', join(folder, 'link'), '--root', `${folder}/project/../project`]).roots, [
      join(folder, 'link'),
      join(folder, 'project'),
    ]);
  });
});
