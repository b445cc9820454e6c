// A console platform for unit tests of answer forms: it records every compression asked of it, and "compresses" by
// a rule the test chooses (by default: half the size, bytes naming the coding and effort, so a test can tell forms
// apart), without doing any work.
import type { CompressionEffort, ContentCoding } from '../../server/core/http/content-encoding.js';
import type { ConsolePlatform } from '../../server/core/platform/platform.js';

export interface CompressionAsked {
  coding: ContentCoding;
  effort: CompressionEffort;
  body: Uint8Array;
}

export interface RecordingPlatform extends ConsolePlatform {
  /** Every compression asked for, in order. */
  readonly asked: CompressionAsked[];
  /** What a compression gives; replace it to make compression fail, grow, or wait. */
  encode: (asked: CompressionAsked) => Uint8Array | Promise<Uint8Array>;
}

/** The bytes the default rule makes: half the body's length, each byte the same mark for coding and effort. */
export function fakeEncoded(body: Uint8Array, coding: ContentCoding, effort: CompressionEffort): Uint8Array {
  const mark = (coding === 'br' ? 1 : 2) + (effort === 'cached' ? 10 : 0);
  return new Uint8Array(Math.floor(body.length / 2)).fill(mark);
}

export function recordingPlatform(codings: readonly ContentCoding[] = ['br', 'gzip']): RecordingPlatform {
  const platform: RecordingPlatform = {
    asked: [],
    encode: ({ body, coding, effort }) => fakeEncoded(body, coding, effort),
    codings: new Set(codings),
    pageFolder: () => undefined,
    inspect: String,
    compress(body, coding, effort) {
      const asked = { body, coding, effort };
      platform.asked.push(asked);
      return Promise.resolve().then(() => platform.encode(asked));
    },
  };
  return platform;
}
