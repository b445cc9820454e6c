// The package's own version, read from its package.json: two folders above dist/server in a clone and in an installed
// package alike.
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
