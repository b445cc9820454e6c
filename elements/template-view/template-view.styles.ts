import { css } from 'lit';
import { theme } from '../theme.styles.js';
import { fieldStyles } from '../completion/field.styles.js';

export const styles = [
  theme,
  fieldStyles,
  css`
    :host {
      display: block;
      font-family: var(--_font);
      font-size: 14px;
      color: var(--_fg);
    }
    h3 {
      margin: 0 0 4px;
      font-size: 16px;
      overflow-wrap: anywhere;
    }
    code {
      font-family: var(--_mono);
      font-size: 12.5px;
      overflow-wrap: anywhere;
    }
    .template {
      color: var(--_muted);
    }
    .description {
      margin: 6px 0;
      overflow-wrap: anywhere;
    }
    .status,
    .expanded {
      color: var(--_muted);
      font-size: 13px;
      margin: 0;
    }
    button {
      font: inherit;
      font-size: 13px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 4px 12px;
      cursor: pointer;
    }
    .error {
      border: 1px solid var(--_danger);
      background: var(--_danger-bg);
      border-radius: var(--_radius);
      padding: 10px 12px;
      overflow-wrap: anywhere;
    }
    resource-view {
      margin-top: 12px;
      padding-top: 12px;
      border-top: 1px solid var(--_border);
    }
  `,
];
