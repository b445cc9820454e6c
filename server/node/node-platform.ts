// The console's platform (core/platform/platform.ts) from node's own modules: the page read from its folder, Brotli and gzip
// made on libuv's thread pool (the async zlib calls, so a large answer never stalls the event loop), util.inspect for
// the log. The modules are taken with process.getBuiltinModule, not imported: the Fetch entry loads this file on
// every runtime, and on one without node's modules (Cloudflare Workers without nodejs_compat) there is no node
// platform to make, instead of a module that fails to load. Bun and Deno have them too.
import type * as Fs from 'node:fs';
import type * as Path from 'node:path';
import type * as Url from 'node:url';
import type * as Util from 'node:util';
import type * as Zlib from 'node:zlib';
import type { CompressionEffort, ContentCoding } from '../core/http/content-encoding.js';
import type { ConsolePlatform, PageFiles } from '../core/platform/platform.js';

interface NodeModules {
  fs: typeof Fs;
  path: typeof Path;
  url: typeof Url;
  util: typeof Util;
  zlib: typeof Zlib;
}

type GetBuiltinModule = (id: string) => unknown;

function nodeModules(): NodeModules | undefined {
  const load = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process?.getBuiltinModule;
  if (typeof load !== 'function') return undefined;
  let modules: NodeModules;
  try {
    modules = {
      fs: load('node:fs') as typeof Fs,
      path: load('node:path') as typeof Path,
      url: load('node:url') as typeof Url,
      util: load('node:util') as typeof Util,
      zlib: load('node:zlib') as typeof Zlib,
    };
  } catch {
    return undefined; // a module the runtime refuses to load
  }
  // A runtime may offer the loader with only some of node's modules (or parts of them): then it is not node's.
  const complete =
    typeof modules.fs?.readdirSync === 'function' &&
    typeof modules.zlib?.brotliCompress === 'function' &&
    typeof modules.util?.inspect === 'function' &&
    typeof modules.url?.fileURLToPath === 'function';
  return complete ? modules : undefined;
}

/** The package's own built page, when this module was loaded from a file (a bundled Worker's was not). */
function packagePageDir({ url }: NodeModules): string | undefined {
  try {
    return url.fileURLToPath(new URL('../../page/', import.meta.url));
  } catch {
    // Loaded from no file: no folder beside it.
  }
  return undefined;
}

// Kept bytes get Brotli 11 while that stays cheap (well under 100 ms up to 64 KiB) and 9 above it: 10 and 11 take
// 10-30 times as long as 9 on a tool list of megabytes, for a tenth fewer bytes. Per request, speed first: Brotli 4
// and gzip 6 (Brotli 4 is about as small as gzip 9, at several times its speed).
const BEST_BROTLI_BELOW = 64 * 1024;

function brotliOptions(zlib: typeof Zlib, body: Uint8Array, effort: CompressionEffort): Zlib.BrotliOptions {
  const { constants } = zlib;
  const quality = effort === 'request' ? 4 : body.length <= BEST_BROTLI_BELOW ? constants.BROTLI_MAX_QUALITY : 9;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** The files below `folder`, listed once; a folder that cannot be listed has none (the page route says so). */
function folderFiles({ fs, path }: NodeModules, folder: string): PageFiles {
  let listed: string[] = [];
  try {
    listed = fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    // Not built: every asset is a 404, and the page route explains what to do.
  }
  return {
    paths: () => listed,
    read(file) {
      try {
        return fs.readFileSync(path.join(folder, file));
      } catch {
        // Gone or unreadable since it was listed: no file.
      }
      return undefined;
    },
    whereIs: (file) => path.join(folder, file),
  };
}

/** node's platform, or undefined on a runtime without node's modules. */
export function nodePlatform(): ConsolePlatform | undefined {
  const modules = nodeModules();
  if (modules === undefined) return undefined;
  const { util, zlib } = modules;
  return {
    pageFolder(pageDir) {
      const folder = pageDir ?? packagePageDir(modules);
      return folder === undefined ? undefined : folderFiles(modules, folder);
    },
    codings: new Set<ContentCoding>(['br', 'gzip']),
    compress(body, coding, effort) {
      return new Promise((resolve, reject) => {
        const done = (error: Error | null, result: Uint8Array) => (error ? reject(error) : resolve(result));
        if (coding === 'br') zlib.brotliCompress(body, brotliOptions(zlib, body, effort), done);
        else zlib.gzip(body, { level: effort === 'request' ? 6 : zlib.constants.Z_BEST_COMPRESSION }, done);
      });
    },
    decompress: (encoded, coding) => (coding === 'br' ? zlib.brotliDecompressSync(encoded) : zlib.gunzipSync(encoded)),
    inspect: (value) => util.inspect(value),
  };
}
