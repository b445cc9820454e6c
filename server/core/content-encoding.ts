// Which compressed form of an answer a client gets, and how it is made. Works on header values and Buffers only (no
// node:http types), so every adapter can share it. Compression runs on libuv's thread pool (the async zlib calls), so
// a large answer never stalls the event loop while it is compressed.
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/** Smaller bodies go out as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Content types worth compressing: text, JSON, JavaScript, SVG, WebAssembly. Images and fonts already are. */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|wasm)|image\/svg\+xml)/i;

export function isCompressibleType(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);
}

/** One element of `Accept-Encoding` such as `br;q=0.8`: its coding, lower-cased, and its weight (NaN if unreadable). */
function parseElement(element: string): { coding: string; q: number } {
  const [coding = '', ...params] = element.split(';');
  let q = 1;
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    if (key.trim().toLowerCase() === 'q')
      q = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(value) ? Number(value) : NaN;
  }
  return { coding: coding.trim().toLowerCase(), q };
}

/**
 * The coding to answer with for an `Accept-Encoding` header value, or undefined for none (identity). The client's
 * weights decide (`q=0` refuses a coding; `*` stands for every coding not named); on a tie Brotli wins, being smaller.
 * No header, or an empty one, means identity: that is what a client that sends nothing can certainly read.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const element of acceptEncoding.split(',')) {
    const { coding, q } = parseElement(element);
    if (Number.isNaN(q)) continue; // A weight we cannot read: as if the element were not there.
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === '*') any = q;
  }
  const brWeight = br ?? any ?? 0;
  const gzipWeight = gzip ?? any ?? 0;
  if (brWeight === 0 && gzipWeight === 0) return undefined;
  return brWeight >= gzipWeight ? 'br' : 'gzip';
}

/**
 * How hard to try: `request` for bytes that may serve one request only, `cached` for bytes kept and sent many times.
 */
export type CompressionEffort = 'request' | 'cached';

// Per request, speed first: Brotli 4 and gzip 6 (Brotli 4 is about as small as gzip 9, at several times its speed).
// Kept bytes get Brotli 11 while that stays cheap (well under 100 ms up to 64 KiB) and 9 above it: 10 and 11 take
// 10-30 times as long as 9 on a tool list of megabytes, for a tenth fewer bytes.
const BEST_BROTLI_BELOW = 64 * 1024;

function brotliOptions(body: Buffer, effort: CompressionEffort): BrotliOptions {
  const quality = effort === 'request' ? 4 : body.length <= BEST_BROTLI_BELOW ? constants.BROTLI_MAX_QUALITY : 9;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

function gzipOptions(effort: CompressionEffort): ZlibOptions {
  return { level: effort === 'request' ? 6 : constants.Z_BEST_COMPRESSION };
}

/** `body` compressed with `coding`, off the event loop. */
export function compress(body: Buffer, coding: ContentCoding, effort: CompressionEffort): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br') brotliCompress(body, brotliOptions(body, effort), done);
    else gzip(body, gzipOptions(effort), done);
  });
}
