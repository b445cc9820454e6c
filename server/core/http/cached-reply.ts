// An answer built once and sent many times: the page, the assets, the discovery answers. Its Brotli and gzip forms
// are kept (or taken from the build's siblings) and its entity tag is computed once, so sending it again costs neither
// compression nor hashing: `GET /tools` at 10,000 tools is a memcpy.
//
// A form is first made quickly, as any answer made for one request is: the body may never be asked for again (a tools
// provider that returns a new array on every request makes a new body every time, and the best Brotli would cost it
// up to a second of a worker thread per request). Asked for a second time, the body has proved it is reused, and its
// best compression is made in the background while the quick form keeps serving. All of it runs off the event loop.
import {
  chooseCoding,
  isCompressibleType,
  MIN_COMPRESSED_BYTES,
  type CompressionEffort,
  type ContentCoding,
} from './content-encoding.js';
import { contentHash, ifNoneMatchMatches } from './entity-tag.js';
import type { ConsoleRequest } from './console-request.js';
import type { ConsolePlatform } from '../platform/platform.js';
import { createReply, type Reply, type ReplyHeaders } from './reply.js';
import { addVary } from './vary.js';

/**
 * Where the request headers that decide which form of an answer a client gets (Accept-Encoding, If-None-Match) are
 * read: only when an answer has forms to choose from, which most (a call's, a validation's) do not.
 */
export type RequestConditions = Pick<ConsoleRequest, 'header'>;

export interface CachedReplyOptions {
  /** Give every form a strong `ETag` and answer a matching `If-None-Match` with 304. */
  etag?: boolean;
  /** Forms compressed ahead of time (the build's `.br` and `.gz` siblings), used as they are. */
  precompressed?: Partial<Record<ContentCoding, Uint8Array>>;
}

// Each encoded form is a representation of its own, so a strong tag must tell them apart (RFC 9110 §8.8.1): the
// coding, and whether these are the quick or the best bytes.
const TAG_SUFFIX: Record<ContentCoding, Record<CompressionEffort, string>> = {
  br: { request: '.br-fast', cached: '.br' },
  gzip: { request: '.gz-fast', cached: '.gz' },
};

export class CachedReply {
  readonly identity: Reply;
  readonly #status: number;
  readonly #headers: ReplyHeaders;
  readonly #body: Uint8Array;
  readonly #hash: string | undefined;
  readonly #compressible: boolean;
  readonly #forms: Partial<Record<ContentCoding, Reply | Promise<Reply>>> = {};
  /** Codings whose best form exists or is being made. */
  readonly #best = new Set<ContentCoding>();

  constructor(status: number, headers: ReplyHeaders, body: Uint8Array, options: CachedReplyOptions = {}) {
    const precompressed = options.precompressed ?? {};
    this.#status = status;
    this.#body = body;
    this.#hash = options.etag ? contentHash(body) : undefined;
    this.#compressible =
      isCompressibleType(headers['Content-Type']) &&
      (body.length >= MIN_COMPRESSED_BYTES || Object.keys(precompressed).length > 0);
    // Every form says that it depends on Accept-Encoding, the identity one included, so caches keep them apart.
    this.#headers = this.#compressible ? { ...headers, Vary: addVary(headers.Vary, 'Accept-Encoding') } : headers;
    this.identity = createReply(status, this.#withTag(this.#headers, ''), body);
    for (const [coding, encoded] of Object.entries(precompressed) as [ContentCoding, Uint8Array][]) {
      this.#forms[coding] = this.#encodedReply(coding, encoded, 'cached');
      this.#best.add(coding);
    }
  }

  /**
   * Whether `ifNoneMatch` names this body in any of its forms (the tags differ per coding, the content hash they start
   * with does not): a client that holds it, however it came, needs it no more.
   */
  namedBy(ifNoneMatch: string | undefined): boolean {
    // Without a tag (`#hash` undefined) no match equals it: the answer is false all the same.
    if (ifNoneMatch === undefined) return false;
    return [...ifNoneMatch.matchAll(/"([^".]*)[^"]*"/g)].some((match) => match[1] === this.#hash);
  }

  /** The form this request gets: 304 when its `If-None-Match` names that form's tag, else the body in its coding. */
  answer(request: RequestConditions, platform: ConsolePlatform): Reply | Promise<Reply> {
    const coding = this.#compressible
      ? chooseCoding(request.header('accept-encoding'), this.#offered(platform))
      : undefined;
    const form = coding === undefined ? this.identity : this.#form(coding, platform);
    // An answer without tags is never revalidated: revalidated() finds no ETag on its forms.
    const ifNoneMatch = request.header('if-none-match');
    if (ifNoneMatch === undefined) return form;
    return form instanceof Promise
      ? form.then((made) => revalidated(made, ifNoneMatch))
      : revalidated(form, ifNoneMatch);
  }

  /** The codings there are forms of: the platform's, and the build's siblings (those need no compressing). */
  #offered(platform: ConsolePlatform): ReadonlySet<ContentCoding> {
    return this.#best.size === 0 ? platform.codings : new Set([...platform.codings, ...this.#best]);
  }

  #form(coding: ContentCoding, platform: ConsolePlatform): Reply | Promise<Reply> {
    const known = this.#forms[coding];
    if (known === undefined) {
      // Requests that arrive while the quick form is being made wait for the same compression.
      const quick = this.#compress(coding, 'request', platform);
      this.#forms[coding] = quick;
      return quick;
    }
    if (!this.#best.has(coding) && !(known instanceof Promise)) {
      // Asked for again: worth the best compression, made in the background while the quick form keeps serving.
      this.#best.add(coding);
      void this.#compress(coding, 'cached', platform);
    }
    return known;
  }

  /** Makes the form of `coding` with `effort`, and keeps it as that coding's form once made. */
  #compress(coding: ContentCoding, effort: CompressionEffort, platform: ConsolePlatform): Promise<Reply> {
    const body = this.#body;
    return platform.compress(body, coding, effort).then(
      (encoded) =>
        (this.#forms[coding] =
          encoded.length < body.length ? this.#encodedReply(coding, encoded, effort) : this.identity),
      // Compressing bytes does not fail in practice; if it ever does, the identity form is still correct.
      () => (this.#forms[coding] = this.identity),
    );
  }

  #encodedReply(coding: ContentCoding, encoded: Uint8Array, effort: CompressionEffort): Reply {
    const headers = this.#withTag({ ...this.#headers, 'Content-Encoding': coding }, TAG_SUFFIX[coding][effort]);
    return createReply(this.#status, headers, encoded);
  }

  #withTag(headers: ReplyHeaders, suffix: string): ReplyHeaders {
    return this.#hash === undefined ? headers : { ...headers, ETag: `"${this.#hash}${suffix}"` };
  }
}

/** `form`, or 304 when `If-None-Match` names its tag: no body, and the headers a cache needs to refresh its copy. */
function revalidated(form: Reply, ifNoneMatch: string): Reply {
  const { ETag, Vary, 'Cache-Control': cacheControl } = form.headers;
  if (typeof ETag !== 'string' || !ifNoneMatchMatches(ifNoneMatch, ETag)) return form;
  const headers: ReplyHeaders = { ETag, 'X-Content-Type-Options': 'nosniff' };
  if (Vary !== undefined) headers.Vary = Vary;
  if (cacheControl !== undefined) headers['Cache-Control'] = cacheControl;
  return { status: 304, headers };
}

const discoveryReplies = new WeakMap<Uint8Array, CachedReply>();

/**
 * A discovery answer (`GET /tools`, `GET /tools/{name}`) from serialised JSON that is itself cached: built once per
 * buffer, with an entity tag. `no-cache` lets browsers keep it but makes them ask first; the ETag turns that into a
 * 304 while the tools have not changed.
 */
export function cachedJsonReply(json: Uint8Array): CachedReply {
  let reply = discoveryReplies.get(json);
  if (reply === undefined) {
    reply = new CachedReply(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }, json, {
      etag: true,
    });
    discoveryReplies.set(json, reply);
  }
  return reply;
}
