// The console's platform from the web platform alone, for runtimes without node's modules (Cloudflare Workers
// without nodejs_compat): gzip through CompressionStream (it has no Brotli), no file system (the page is served
// from the `pageFiles` option, or not at all), and a plain log text instead of util.inspect.
import type { ContentCoding } from '../http/content-encoding.js';
import type { ConsolePlatform } from './platform.js';

async function gzip(body: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An Error by its stack (which starts with its name and message), anything else as JSON where it can be. */
function logText(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export const webPlatform: ConsolePlatform = {
  pageFolder: () => undefined,
  codings: new Set<ContentCoding>(['gzip']),
  compress: (body) => gzip(body),
  inspect: logText,
};
