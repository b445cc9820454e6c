// URLs built from untrusted result content. Only three shapes ever reach an attribute: a data: URL of a checked
// media type over checked base64, an http(s) link, and a blob: URL of inert bytes. Everything else stays text.

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

/** The data of a content item as clean base64 (whitespace removed), or null when it is not base64. */
export function cleanBase64(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  const clean = data.replace(/\s/g, '');
  return clean.length % 4 === 0 && BASE64.test(clean) ? clean : null;
}

/**
 * A `data:` URL for an `<img>` or `<audio>`, or null when the media type is not of `kind` or the data is not base64.
 * `image/svg+xml` is allowed on purpose: an SVG loaded through `<img>` is a picture only, with no script and no
 * external loads, and these URLs never go into an `<a href>`, an `<iframe>` or `<object>`, where SVG would be live.
 */
export function mediaDataUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): string | null {
  if (typeof mimeType !== 'string') return null;
  const type = mimeType.trim().toLowerCase();
  if (!MEDIA_TYPE.test(type) || !type.startsWith(`${kind}/`)) return null;
  const base64 = cleanBase64(data);
  return base64 === null ? null : `data:${type};base64,${base64}`;
}

/** The URL when it is absolute http or https (the only links made clickable), else null. */
export function httpUrl(uri: unknown): string | null {
  if (typeof uri !== 'string') return null;
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The bytes of base64 data, or null when it is not base64. */
export function base64ToBytes(data: unknown): Uint8Array | null {
  const base64 = cleanBase64(data);
  if (base64 === null) return null;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A file name for a downloaded resource: the URI's last path segment, reduced to harmless characters. */
export function downloadName(uri: unknown): string {
  let segment = '';
  if (typeof uri === 'string') {
    const path = uri.split(/[?#]/)[0];
    segment = path.slice(path.lastIndexOf('/') + 1);
    try {
      segment = decodeURIComponent(segment);
    } catch {
      // Keep the raw segment: a malformed escape is still a usable name once cleaned below.
    }
  }
  const clean = segment
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return clean || 'resource';
}
