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
