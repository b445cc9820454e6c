// The page's files as the host bundled them (the `pageFiles` option): for a runtime with no files to read.
import { utf8Bytes } from '../platform/bytes.js';
import type { PageFiles } from '../platform/platform.js';

export function bundledPage(files: Readonly<Record<string, string | Uint8Array>>): PageFiles {
  // A Map, so a path such as `__proto__` or `constructor` is a file name and nothing else.
  const byPath = new Map<string, Uint8Array>();
  for (const [path, file] of Object.entries(files)) {
    byPath.set(path.replace(/^\.?\//, ''), typeof file === 'string' ? utf8Bytes(file) : file);
  }
  return {
    paths: () => [...byPath.keys()],
    read: (path) => byPath.get(path),
    whereIs: (path) => `pageFiles[${JSON.stringify(path)}]`,
  };
}
