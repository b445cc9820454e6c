import { css } from 'lit';
import { theme } from '../theme.styles.js';
import { contentStyles } from '../content/content.styles.js';
import { alertStyles } from '../alert.styles.js';
import { detailViewStyles } from '../detail-view.styles.js';

export const styles = [
  theme,
  contentStyles,
  detailViewStyles,
  alertStyles,
  css`
    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
    }
    .uri {
      overflow-wrap: anywhere;
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
    .error {
      margin-top: 10px;
    }
  `,
];
