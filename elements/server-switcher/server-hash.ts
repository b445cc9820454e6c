// The top page's URL hash that names the server shown: `#server=<name>`, the name percent-encoded, so a reload, a
// bookmark and back/forward all open the same server. The consoles inside the frames keep their own hashes
// (`#tool=...`) in their own URLs. The hash is made where a server's OAuth callback makes it too (protocol/servers.ts).
export { serverHash } from '../../protocol/servers.js';

const KEY = 'server=';

/** The server a location hash names; null for none, another hash, or malformed percent-encoding. */
export function readServerHash(hash: string): string | null {
  // Stryker disable next-line StringLiteral: it reads location.hash only, which is empty or starts with '#'
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text.startsWith(KEY)) return null;
  try {
    return decodeURIComponent(text.slice(KEY.length));
  } catch {
    return null;
  }
}
