// Icons (MCP 2025-11-25 `icons` on the server, tools, resources, templates and prompts): what the page shows beside a
// name. Only `https:` and `data:` images of four types get through (`safeIcons`), so an icon can neither fetch from
// the console's own origin nor run script (an SVG is shown through <img>, which runs none).

/** One icon as MCP describes it. */
export interface Icon {
  src: string;
  mimeType?: string;
  /** `"48x48"`, `"any"`, …, as the server wrote them. */
  sizes?: string[];
  /** For a light or a dark background; absent: either. */
  theme?: 'light' | 'dark';
}

/** The image types the page shows. */
export const ICON_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;

type IconMimeType = (typeof ICON_MIME_TYPES)[number];

const EXTENSION_TYPES: Readonly<Record<string, IconMimeType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

function isIconMimeType(value: unknown): value is IconMimeType {
  return typeof value === 'string' && (ICON_MIME_TYPES as readonly string[]).includes(value.trim().toLowerCase());
}

/**
 * The image type `src` holds as far as it says: a data: URL's own media type, an https: path's extension; undefined
 * for any other scheme (http: would be mixed content, and a relative or `javascript:` URL would point at the console).
 */
function sourceType(src: string): IconMimeType | 'unknown' | undefined {
  const dataType = /^data:([^;,]*)/i.exec(src)?.[1];
  if (dataType !== undefined) {
    const type = dataType.trim().toLowerCase();
    return isIconMimeType(type) ? type : undefined;
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const extension = /\.([a-z]+)$/i.exec(url.pathname)?.[1]!.toLowerCase();
  return (extension && EXTENSION_TYPES[extension]) || 'unknown';
}

/**
 * The icons of `value` (a server's `icons`, as sent) that the page may show: `https:` and `data:` sources of the
 * four image types, each with only the documented fields. A data: URL must hold one of them; an https: one must be
 * declared (`mimeType`) or named (its extension) as one. undefined when none is left.
 */
export function safeIcons(value: unknown): Icon[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const icons: Icon[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { src, mimeType, sizes, theme } = entry as Record<string, unknown>;
    if (typeof src !== 'string') continue;
    const type = sourceType(src);
    if (type === undefined) continue;
    if (mimeType !== undefined && !isIconMimeType(mimeType)) continue;
    if (type === 'unknown' && mimeType === undefined) continue;
    // A data: URL's own type is what the browser goes by; a declared type that differs is dropped as a lie.
    if (/^data:/i.test(src) && mimeType !== undefined && mimeType.trim().toLowerCase() !== type) continue;
    const icon: Icon = { src };
    if (mimeType !== undefined) icon.mimeType = (mimeType as string).trim().toLowerCase();
    if (Array.isArray(sizes) && sizes.every((size) => typeof size === 'string')) icon.sizes = sizes as string[];
    if (theme === 'light' || theme === 'dark') icon.theme = theme;
    icons.push(icon);
  }
  return icons.length ? icons : undefined;
}
