// The URL hash that names what the console shows: `#tool=<name>`, `#resource=<uri>`, `#template=<uriTemplate>`,
// `#prompt=<name>`, the value percent-encoded, so a link or a reload opens it and back/forward walk through what was
// opened. The catalog lists key their items the same way, unencoded (`resource=file:///a`).

export type LinkKind = 'tool' | 'resource' | 'template' | 'prompt';
export type Section = 'tools' | 'resources' | 'prompts';

export interface DeepLink {
  kind: LinkKind;
  value: string;
}

const KINDS: readonly string[] = ['tool', 'resource', 'template', 'prompt'];

/** The section that shows a kind of link. */
export const sectionOf = (kind: LinkKind): Section =>
  kind === 'tool' ? 'tools' : kind === 'prompt' ? 'prompts' : 'resources';

/** `kind=value` (no `#`, not encoded) to its link; null for anything else. */
export function linkOfKey(key: string): DeepLink | null {
  const at = key.indexOf('=');
  const kind = key.slice(0, at);
  return at > 0 && KINDS.includes(kind) ? { kind: kind as LinkKind, value: key.slice(at + 1) } : null;
}

export const keyOf = (link: DeepLink) => `${link.kind}=${link.value}`;

/** The link a location hash names; null for none, another hash, or malformed percent-encoding. */
export function readLink(hash: string): DeepLink | null {
  const link = linkOfKey(hash.replace(/^#/, ''));
  if (!link) return null;
  try {
    return { kind: link.kind, value: decodeURIComponent(link.value) };
  } catch {
    return null;
  }
}

export const linkHash = (link: DeepLink) => `#${link.kind}=${encodeURIComponent(link.value)}`;
