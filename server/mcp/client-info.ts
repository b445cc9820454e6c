// How the bridge introduces itself in `initialize`: the package's name and version, read from its package.json
// (two folders above dist/server/mcp in a clone and in an installed package alike).
import { readFileSync } from 'node:fs';

function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const defaultClientInfo = { name: 'tool-console', version: packageVersion() };
