// The icon beside a name (MCP `icons` on the server, tools, resources, templates and prompts), the one for the page's
// colour scheme (`prefers-color-scheme`, which the elements' theme follows). Icons are the server's text, so only two kinds of source get through: `https:` (fetched with no
// cookies, no referrer) and `data:` of the four image types. A `javascript:` or `http:` source, or an image type
// outside ICON_MIME_TYPES, is dropped. An SVG is shown through <img>, which runs no script in it.
import { css, html, nothing } from 'lit';
import { ICON_MIME_TYPES, type Icon } from '../../protocol/index.js';

export type ColorScheme = 'light' | 'dark';

const IMAGE_TYPES: readonly string[] = ICON_MIME_TYPES;

/** The media type a `data:` URL declares (before `;` or `,`), lowercase; '' when there is none. */
function dataUrlType(src: string): string {
  return /^data:([^;,]*)/i.exec(src)?.[1].trim().toLowerCase() ?? '';
}

/** The icon's source when the page may show it, else null. */
export function safeIconSource(icon: unknown): string | null {
  if (typeof icon !== 'object' || icon === null) return null;
  const { src, mimeType } = icon as Partial<Icon>;
  if (typeof src !== 'string') return null;
  if (mimeType !== undefined && (typeof mimeType !== 'string' || !IMAGE_TYPES.includes(mimeType.toLowerCase())))
    return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'data:' && IMAGE_TYPES.includes(dataUrlType(src))) return src;
  return null;
}

/**
 * The source of the icon to show on a `scheme` background: one made for it first, then one for either, then (better
 * than none) one made for the other. Null when no icon is safe to show.
 */
export function pickIcon(icons: unknown, scheme: ColorScheme): string | null {
  if (!Array.isArray(icons)) return null;
  let neutral: string | null = null;
  let other: string | null = null;
  for (const icon of icons) {
    const src = safeIconSource(icon);
    if (src === null) continue;
    const theme = (icon as Icon).theme;
    if (theme === scheme) return src;
    if (theme === 'light' || theme === 'dark') other ??= src;
    else neutral ??= src;
  }
  return neutral ?? other;
}

/**
 * The icon as an <img>, or nothing: decorative (the name beside it says what it is), sent without cookies
 * (`crossorigin="anonymous"`, so the server must allow CORS) and without the page's address. When the server made one
 * for a dark background, a <picture> lets the browser switch to it with the colour scheme, no script involved.
 */
export function renderIcon(icons: unknown) {
  const light = pickIcon(icons, 'light');
  if (light === null) return nothing;
  const dark = pickIcon(icons, 'dark')!;
  const img = html`<img class="icon" part="icon" src=${light} alt="" referrerpolicy="no-referrer" crossorigin="anonymous" />`;
  // srcset reads a space as the end of the URL: a data: URL's spaces (plain SVG text) go percent-encoded.
  return dark === light
    ? img
    : html`<picture><source media="(prefers-color-scheme: dark)" srcset=${dark.replace(/\s/g, encodeURIComponent)} />${img}</picture>`;
}

/** An icon's size beside a line of text (the tool list's rows, the header). */
export const iconStyles = css`
  .icon {
    width: 16px;
    height: 16px;
    vertical-align: -3px;
    margin-right: 6px;
  }
`;
