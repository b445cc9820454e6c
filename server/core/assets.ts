// The page's built assets. The folder is listed once at startup and only files in that list are served, so no
// request path (`..`, encoded slashes, backslashes, NUL) can reach anything else. The build's `.br` and `.gz`
// siblings are not files of their own here: they are the compressed forms of their file (a request for
// `x.js.br` is a 404), checked once against it, so a stale sibling is never sent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CachedReply } from './cached-reply.js';
import type { ContentCoding } from './content-encoding.js';

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

const SIBLINGS: readonly { coding: ContentCoding; suffix: string; decode: (encoded: Buffer) => Buffer }[] = [
  { coding: 'br', suffix: '.br', decode: brotliDecompressSync },
  { coding: 'gzip', suffix: '.gz', decode: gunzipSync },
];

/** Whether `file` is a compressed sibling of another file the build wrote. */
function isSibling(file: string): boolean {
  return SIBLINGS.some(({ suffix }) => file.endsWith(suffix) && existsSync(file.slice(0, -suffix.length)));
}

/** The siblings of `file` that decode to exactly `body`; a missing, unreadable or stale one is left out. */
function readSiblings(file: string, body: Buffer): Partial<Record<ContentCoding, Buffer>> {
  const found: Partial<Record<ContentCoding, Buffer>> = {};
  for (const { coding, suffix, decode } of SIBLINGS) {
    try {
      const encoded = readFileSync(file + suffix);
      if (decode(encoded).equals(body)) found[coding] = encoded;
    } catch {
      // No sibling (or not a valid one): this coding is made on first demand instead.
    }
  }
  return found;
}

interface Asset {
  file: string;
  headers: Record<string, string>;
  reply?: CachedReply;
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
      if (isSibling(file)) continue;
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
  reply(path: string): CachedReply | undefined {
    const asset = this.#assets.get(path);
    if (asset === undefined) return undefined;
    if (asset.reply === undefined) {
      const body = readFileSync(asset.file);
      asset.reply = new CachedReply(200, asset.headers, body, { precompressed: readSiblings(asset.file, body) });
    }
    return asset.reply;
  }
}
