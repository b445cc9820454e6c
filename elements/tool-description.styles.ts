import { css } from 'lit';
import { theme } from './theme.styles.js';

export const styles = [
  theme,
  css`
    :host {
      display: block;
    }
    .description {
      overflow-wrap: anywhere;
      white-space: normal;
    }
    /* About four lines, fading out so it reads as cut, not ended. */
    .folded {
      max-height: 6em;
      overflow: hidden;
      mask-image: linear-gradient(#000 60%, transparent);
    }
    p,
    ul,
    ol,
    pre {
      margin: 0 0 0.5em;
    }
    p,
    li {
      white-space: pre-line;
    }
    li > p,
    li > ul,
    li > ol {
      margin: 0;
    }
    ul,
    ol {
      padding-left: 1.5em;
    }
    code {
      font-family: var(--_mono);
      font-size: 0.9em;
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
    a {
      color: var(--_focus);
    }
    button {
      font: inherit;
      font-size: 13px;
      color: var(--_focus);
      background: none;
      border: 0;
      padding: 0;
      cursor: pointer;
    }
    button:hover {
      text-decoration: underline;
    }
  `,
];
