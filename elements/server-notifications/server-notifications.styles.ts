import { css } from 'lit';
import { contentStyles } from '../content/content.styles.js';
import { theme } from '../theme.styles.js';

// The notifications: one line each (time, method, what it says), the whole message under a disclosure.
export const styles = [
  theme,
  contentStyles,
  css`
    :host {
      display: block;
      font: 13px var(--_font);
      color: var(--_fg);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      border-bottom: 1px solid var(--_border);
      padding: 4px 0;
    }
    summary {
      display: flex;
      gap: 8px;
      cursor: pointer;
      font: 12px var(--_mono);
    }
    .time,
    .empty {
      color: var(--_muted);
    }
    .text {
      overflow-wrap: anywhere;
      min-width: 0;
    }
  `,
];
