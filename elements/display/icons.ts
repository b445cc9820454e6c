// The icon beside a name (MCP `icons` on the server, tools, resources, templates and prompts), the one for the page's
// colour scheme (`prefers-color-scheme`, which the elements' theme follows). Icons are the server's text, so only two
// kinds of source get through: `https:` (fetched with no cookies and no referrer) and `data:` of the four image types;
// a `javascript:` or `http:` source, or a declared type outside ICON_MIME_TYPES, is dropped. An SVG is shown through
// <img>, which runs no script in it. The server passes icons on through the stricter `safeIcons` (protocol/icons.ts);
// this check is the page's own, for any backend, and small: `safeIcons` would add 1 KB gzip to the first load, which
// has no room for it (docs/performance.md).
import { css, html, nothing } from 'lit';
import { ICON_MIME_TYPES, type Icon } from '../../protocol/index.js';

/**
 * The sources of the icons to show on a light and on a dark background: for each, one made for it, else one for
 * either, else (better than none) the one made for the other. Null when no icon is safe to show.
 */
const IMAGE_TYPES: readonly string[] = ICON_MIME_TYPES;

/** The icon's source when the page may show it, else null. */
export function safeIconSource(icon: unknown): string | null {
  const { src, mimeType } = (icon ?? {}) as Partial<Icon>;
  if (typeof src !== 'string' || (mimeType !== undefined && !IMAGE_TYPES.includes(String(mimeType).toLowerCase())))
    return null;
  if (/^https:/i.test(src)) {
    try {
      return new URL(src).href;
    } catch {
      return null;
    }
  }
  // A data: URL's own media type (before `;` or `,`) is what the browser goes by.
  return IMAGE_TYPES.includes(/^data:([^;,]*)/i.exec(src)?.[1].trim().toLowerCase() ?? '') ? src : null;
}

export function pickIcons(icons: unknown): [light: string, dark: string] | null {
  const found: Partial<Record<'light' | 'dark' | 'either', string>> = {};
  for (const icon of Array.isArray(icons) ? icons : []) {
    const src = safeIconSource(icon);
    const theme = (icon as Icon).theme;
    if (src !== null) found[theme === 'light' || theme === 'dark' ? theme : 'either'] ??= src;
  }
  const { light, dark, either } = found;
  const forLight = light ?? either ?? dark;
  return forLight ? [forLight, dark ?? either ?? forLight] : null;
}

/**
 * The icon, or nothing: decorative (the name beside it says what it is), sent without cookies
 * (`crossorigin="anonymous"`, so the server must allow CORS) and without the page's address. A <picture> lets the
 * browser switch to the one for a dark background with the colour scheme, no script involved.
 */
export function renderIcon(icons: unknown) {
  const picked = pickIcons(icons);
  // srcset reads a space as the end of the URL: a data: URL's spaces (plain SVG text) go percent-encoded.
  return picked
    ? html`<picture><source media="(prefers-color-scheme: dark)" srcset=${picked[1].replace(/\s/g, encodeURIComponent)} /><img
          class="icon" part="icon" src=${picked[0]} alt="" referrerpolicy="no-referrer" crossorigin="anonymous"
      /></picture>`
    : nothing;
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
