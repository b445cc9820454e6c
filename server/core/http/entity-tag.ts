// Entity tags for answers that are built once (discovery), and the `If-None-Match` test (RFC 9110 §13.1.2).
// SHA-256 from @noble/hashes: synchronous on every runtime (Web Crypto's digest is async, and tags are made in the
// step that builds an answer), and the same bytes as node:crypto's, so tags do not change with the runtime.
import { sha256 } from '@noble/hashes/sha2.js';
import { toBase64url } from '../platform/bytes.js';

/** A short hash of `body` (132 bits, base64url) to build strong entity tags from. */
export function contentHash(body: Uint8Array): string {
  return toBase64url(sha256(body)).slice(0, 22);
}

// Entity tags in a list, each possibly weak (`W/"..."`): the quoted part is the tag either way, so the prefix needs no
// reading. The tag itself may hold commas, so the list is not split on them.
const LISTED_TAG = /"([^"]*)"/g;

/**
 * Whether an `If-None-Match` header value names `etag` (or is `*`): then a GET or HEAD is answered 304. The
 * comparison is weak, as the RFC asks for this header: `W/"x"` matches `"x"`.
 */
export function ifNoneMatchMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = etag.slice(1, -1);
  for (const match of ifNoneMatch.matchAll(LISTED_TAG)) {
    if (match[1] === wanted) return true;
  }
  return false;
}
