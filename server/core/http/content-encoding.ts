// Which compressed form of an answer a client gets. Works on header values only, so every adapter can share it; the
// compressing itself is the platform's (platform.ts).

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
  // Stryker disable next-line StringLiteral: split() always gives a first element, so this default is never used
  const [coding = '', ...params] = element.split(';');
  let q = 1;
  for (const param of params) {
    // Stryker disable next-line StringLiteral: split() always gives a key; no value fails the q pattern as '' does
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
export function chooseCoding(
  acceptEncoding: string | undefined,
  offered: ReadonlySet<ContentCoding>,
): ContentCoding | undefined {
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
  // A coding the platform cannot make is as if the client refused it (Workers' CompressionStream has no Brotli).
  const brWeight = offered.has('br') ? (br ?? any ?? 0) : 0;
  const gzipWeight = offered.has('gzip') ? (gzip ?? any ?? 0) : 0;
  if (brWeight === 0 && gzipWeight === 0) return undefined;
  return brWeight >= gzipWeight ? 'br' : 'gzip';
}

/**
 * How hard to try: `request` for bytes that may serve one request only, `cached` for bytes kept and sent many times.
 */
export type CompressionEffort = 'request' | 'cached';
