// The usual places of config files, tried in order (the project's VS Code, Cursor and Claude Code files, then the
// user's Cursor and Claude Desktop files): the first that is a file wins.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { findServersConfig } from '../../server/cli/config/find-config.js';

function place(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '{"mcpServers": {}}');
}

describe('findServersConfig', () => {
  it('finds the usual places in order, the project before the user', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tool-console-cwd-'));
    const home = mkdtempSync(join(tmpdir(), 'tool-console-home-'));
    const inOrder = [
      join(cwd, '.vscode', 'mcp.json'),
      join(cwd, '.cursor', 'mcp.json'),
      join(cwd, '.mcp.json'),
      join(home, '.cursor', 'mcp.json'),
      join(home, '.config', 'Claude', 'claude_desktop_config.json'),
    ];
    assert.equal(findServersConfig(cwd, home, 'linux'), undefined);
    for (const file of [...inOrder].reverse()) {
      place(file);
      assert.equal(findServersConfig(cwd, home, 'linux'), file);
    }
    for (const file of inOrder) {
      assert.equal(findServersConfig(cwd, home, 'linux'), file);
      rmSync(file);
    }
    assert.equal(findServersConfig(cwd, home, 'linux'), undefined);
  });

  it('knows where Claude Desktop keeps its file on macOS and Windows, and takes a folder for no file', () => {
    const home = mkdtempSync(join(tmpdir(), 'tool-console-home-'));
    const mac = join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
    const windows = join(home, 'AppData', 'Roaming', 'Claude', 'claude_desktop_config.json');
    place(mac);
    place(windows);
    assert.equal(findServersConfig(home, home, 'darwin'), mac);
    assert.equal(findServersConfig(home, home, 'win32'), windows);
    assert.equal(findServersConfig(home, home, 'linux'), undefined);
    mkdirSync(join(home, '.mcp.json'));
    assert.equal(findServersConfig(home, home, 'linux'), undefined);
  });
});
