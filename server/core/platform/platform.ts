// What the console's core takes from the runtime it runs on. The core imports no runtime module and uses no Buffer,
// so the same code serves on node, Bun, Deno and Cloudflare Workers (without nodejs_compat); each adapter hands it a
// platform: node's modules where they exist (node/node-platform.ts), the web platform's otherwise (web-platform.ts).
import type { CompressionEffort, ContentCoding } from '../http/content-encoding.js';

/** The built page's files: '/'-separated paths below the page folder ('index.html', 'assets/app-1a2b3c4d.js'). */
export interface PageFiles {
  /** Every file there is; only these are ever served. */
  paths(): readonly string[];
  /** A file's bytes, or undefined when it cannot be read. */
  read(path: string): Uint8Array | undefined;
  /** Where `path` would be, for a message that tells the host what is missing. */
  whereIs(path: string): string;
}

export interface ConsolePlatform {
  /** The page's files from `pageDir` (undefined: the platform's default), or undefined when it cannot read files. */
  pageFolder(pageDir: string | undefined): PageFiles | undefined;
  /** The codings `compress` can make; a client that accepts only others gets the identity form. */
  readonly codings: ReadonlySet<ContentCoding>;
  /** `body` compressed with `coding` (one of `codings`), off the request's thread where the platform can. */
  compress(body: Uint8Array, coding: ContentCoding, effort: CompressionEffort): Promise<Uint8Array>;
  /** `encoded` decompressed, to check a build's `.br`/`.gz` sibling against its file; without it none is used. */
  decompress?(encoded: Uint8Array, coding: ContentCoding): Uint8Array;
  /** A value as log text (node's util.inspect where there is one). */
  inspect(value: unknown): string;
}
