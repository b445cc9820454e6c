// Where people already keep their MCP servers, looked through in order when the CLI is given no target: the project's
// files first (VS Code, Cursor, Claude Code), then the user's (Cursor, Claude Desktop). The first file found is used.
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** The usual places, in the order they are tried. */
export function usualConfigPlaces(cwd: string, home: string, platform: NodeJS.Platform): string[] {
  return [
    join(cwd, '.vscode', 'mcp.json'),
    join(cwd, '.cursor', 'mcp.json'),
    join(cwd, '.mcp.json'),
    join(home, '.cursor', 'mcp.json'),
    claudeDesktopConfig(home, platform),
  ];
}

// Claude Desktop keeps its file in the platform's folder for application data (%APPDATA% is AppData\Roaming).
function claudeDesktopConfig(home: string, platform: NodeJS.Platform): string {
  const folder =
    platform === 'darwin'
      ? join(home, 'Library', 'Application Support')
      : platform === 'win32'
        ? join(home, 'AppData', 'Roaming')
        : join(home, '.config');
  return join(folder, 'Claude', 'claude_desktop_config.json');
}

/** The first of the usual places that holds a file, or undefined. */
export function findServersConfig(cwd: string, home: string, platform: NodeJS.Platform): string | undefined {
  return usualConfigPlaces(cwd, home, platform).find(isFile);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
