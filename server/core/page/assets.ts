// The page's built assets. The folder is listed once at startup and only files in that list are served, so no
// request path (`..`, encoded slashes, backslashes, NUL) can reach anything else. The build's `.br` and `.gz`
// siblings are not files of their own here: they are the compressed forms of their file (a request for
// `x.js.br` is a 404), checked once against it, so a stale sibling is never sent.
import { sameBytes } from '../platform/bytes.js';
import { CachedReply } from '../http/cached-reply.js';
import type { ContentCoding } from '../http/content-encoding.js';
import type { ConsolePlatform, PageFiles } from '../platform/platform.js';

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

const SIBLINGS: readonly { coding: ContentCoding; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];

/** `name`'s extension, lower-cased, with its dot ('' for none; a leading dot starts a name, not an extension). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  // Stryker disable next-line StringLiteral: no other text names a content type either (application/octet-stream)
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

interface Asset {
  /** Its path in the page's files. */
  file: string;
  headers: Record<string, string>;
  reply?: CachedReply;
}

/** The files below `assets/` of the page, each served at its path below it. */
export class AssetFolder {
  readonly #assets = new Map<string, Asset>();
  readonly #files: PageFiles | undefined;
  readonly #platform: ConsolePlatform;

  constructor(files: PageFiles | undefined, platform: ConsolePlatform) {
    this.#files = files;
    this.#platform = platform;
    // Stryker disable next-line ArrayDeclaration: without files, any path but one below assets/ is skipped alike
    const all = new Set(files?.paths() ?? []);
    for (const file of all) {
      if (!file.startsWith('assets/')) continue;
      // Whether `file` is a compressed sibling of another file the build wrote.
      if (SIBLINGS.some(({ suffix }) => file.endsWith(suffix) && all.has(file.slice(0, -suffix.length)))) continue;
      const name = file.slice(file.lastIndexOf('/') + 1);
      this.#assets.set(file.slice('assets/'.length), {
        file,
        headers: {
          'Content-Type': CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream',
          'Cache-Control': HASHED_NAME.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
  }

  /** The asset at `path` (decoded, relative to the folder), or undefined. Contents are read once, on first use. */
  reply(path: string): CachedReply | undefined {
    const asset = this.#assets.get(path);
    if (asset === undefined) return undefined;
    if (asset.reply === undefined) {
      // Stryker disable next-line OptionalChaining: an asset is listed only from files, so they are there
      const body = this.#files?.read(asset.file);
      if (body === undefined) return undefined;
      asset.reply = new CachedReply(200, asset.headers, body, { precompressed: this.#siblings(asset.file, body) });
    }
    return asset.reply;
  }

  /** The siblings of `file` that decode to exactly `body`; a missing, unreadable or stale one is left out. */
  #siblings(file: string, body: Uint8Array): Partial<Record<ContentCoding, Uint8Array>> {
    const found: Partial<Record<ContentCoding, Uint8Array>> = {};
    const decompress = this.#platform.decompress;
    // A platform that cannot decode them cannot check them either: then every coding is made on first demand.
    // Stryker disable next-line ConditionalExpression: calling no decompress throws, caught below as no sibling
    if (decompress === undefined) return found;
    for (const { coding, suffix } of SIBLINGS) {
      try {
        // Stryker disable next-line OptionalChaining: siblings are read only for an asset, so from files
        const encoded = this.#files?.read(file + suffix);
        if (encoded !== undefined && sameBytes(decompress(encoded, coding), body)) found[coding] = encoded;
      } catch {
        // Not a valid sibling: this coding is made on first demand instead.
      }
    }
    return found;
  }
}
