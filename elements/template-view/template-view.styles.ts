import { css } from 'lit';
import { theme } from '../theme.styles.js';
import { fieldStyles } from '../completion/field.styles.js';
import { alertStyles } from '../alert.styles.js';
import { detailViewStyles } from '../detail-view.styles.js';

export const styles = [
  theme,
  detailViewStyles,
  alertStyles,
  fieldStyles,
  css`
    h3 {
      margin: 0 0 4px;
    }
    code {
      font-family: var(--_mono);
      font-size: 12.5px;
      overflow-wrap: anywhere;
    }
    .template {
      color: var(--_muted);
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
    resource-view {
      margin-top: 12px;
      padding-top: 12px;
      border-top: 1px solid var(--_border);
    }
  `,
];
