// The page's built assets. The folder is listed once at startup and only files in that list are served, so no
// request path (`..`, encoded slashes, backslashes, NUL) can reach anything else.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { createReply, type Reply } from './reply.js';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

// Vite names built files `name-<8 character hash>.ext`: those never change, so browsers may keep them forever.
const HASHED_NAME = /-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

interface Asset {
  file: string;
  headers: Record<string, string>;
  reply?: Reply;
}

export class AssetFolder {
  readonly #assets = new Map<string, Asset>();

  constructor(folder: string) {
    let entries;
    try {
      entries = readdirSync(folder, { recursive: true, withFileTypes: true });
    } catch {
      return; // Not built: every asset is a 404, and the page route explains what to do.
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      const urlPath = relative(folder, file).split(sep).join('/');
      this.#assets.set(urlPath, {
        file,
        headers: {
          'Content-Type': CONTENT_TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
          'Cache-Control': HASHED_NAME.test(entry.name) ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
  }

  /** The asset at `path` (decoded, relative to the folder), or undefined. Contents are read once, on first use. */
  reply(path: string): Reply | undefined {
    const asset = this.#assets.get(path);
    if (asset === undefined) return undefined;
    asset.reply ??= createReply(200, asset.headers, readFileSync(asset.file));
    return asset.reply;
  }
}
