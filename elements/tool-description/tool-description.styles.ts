import { css } from 'lit';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  css`
    :host {
      display: block;
    }
    .description {
      overflow-wrap: anywhere;
    }
    /* About four lines, fading out so it reads as cut, not ended. */
    .folded {
      max-height: 7em;
      overflow: hidden;
      mask-image: linear-gradient(#000 60%, transparent);
    }
    p,
    ul,
    ol,
    pre {
      margin: 0 0 0.5em;
    }
    /* Line breaks are kept: most descriptions are plain text laid out by lines. */
    p,
    li {
      white-space: pre-line;
    }
    li > * {
      margin: 0;
    }
    ul,
    ol {
      padding-left: 1.5em;
    }
    code {
      font: 0.9em var(--_mono);
      background: var(--_surface);
      border-radius: 4px;
      padding: 0 3px;
    }
    pre {
      background: var(--_surface);
      border-radius: var(--_radius);
      padding: 8px 10px;
      overflow: auto;
    }
    pre code {
      padding: 0;
    }
    a,
    button {
      color: var(--_focus);
    }
    button {
      font: inherit;
      font-size: 13px;
      background: none;
      border: 0;
      padding: 0;
      cursor: pointer;
    }
  `,
];
