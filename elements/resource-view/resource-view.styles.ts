import { css } from 'lit';
import { theme } from '../theme.styles.js';
import { contentStyles } from '../content/content.styles.js';

export const styles = [
  theme,
  contentStyles,
  css`
    :host {
      display: block;
      font-family: var(--_font);
      font-size: 14px;
      color: var(--_fg);
    }
    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
    }
    h3 {
      margin: 0;
      font-size: 16px;
      overflow-wrap: anywhere;
    }
    .uri {
      overflow-wrap: anywhere;
    }
    .description {
      margin: 6px 0;
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 2px 12px;
      margin: 8px 0;
      font-size: 13px;
    }
    dt {
      color: var(--_muted);
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    button[aria-pressed='true'] {
      background: var(--_selected);
      border-color: var(--_accent);
    }
    .contents {
      display: grid;
      gap: 10px;
      margin-top: 10px;
    }
    .item {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 10px 12px;
      background: var(--_bg);
      min-width: 0;
    }
    .error {
      border: 1px solid var(--_danger);
      background: var(--_danger-bg);
      border-radius: var(--_radius);
      padding: 10px 12px;
      margin-top: 10px;
      overflow-wrap: anywhere;
    }
    .status {
      color: var(--_muted);
      font-size: 13px;
    }
  `,
];
