// The URL hash that names what the console shows: `#tool=<name>`, `#resource=<uri>`, `#template=<uriTemplate>`,
// `#prompt=<name>`, the value percent-encoded, so a link or a reload opens it and back/forward walk through what was
// opened. The catalog lists key their items the same way, unencoded (`resource=file:///a`).

export type LinkKind = 'tool' | 'resource' | 'template' | 'prompt';
export type Section = 'tools' | 'resources' | 'prompts';

export interface DeepLink {
  kind: LinkKind;
  value: string;
}

// The value is the rest of the key, whatever it holds (line breaks too).
const LINK = /^(tool|resource|template|prompt)=(.*)/s;

/** `kind=value` (no `#`, not encoded) to its link; null for anything else. */
export function linkOfKey(key: string): DeepLink | null {
  const match = LINK.exec(key);
  return match && { kind: match[1] as LinkKind, value: match[2] };
}

/** The link a location hash names; null for none, another hash, or malformed percent-encoding. */
export function readLink(hash: string): DeepLink | null {
  const link = linkOfKey(hash.slice(1));
  try {
    return link && { kind: link.kind, value: decodeURIComponent(link.value) };
  } /* Stryker disable next-line BlockStatement: empty, it answers undefined: read as null by all */ catch {
    return null;
  }
}

export const linkHash = (link: DeepLink) => `#${link.kind}=${encodeURIComponent(link.value)}`;
