import { css } from 'lit';
import { theme } from '../theme.styles.js';
import { contentStyles } from '../content/content.styles.js';
import { fieldStyles } from '../completion/field.styles.js';
import { alertStyles } from '../alert.styles.js';
import { detailViewStyles } from '../detail-view.styles.js';

export const styles = [
  theme,
  contentStyles,
  detailViewStyles,
  alertStyles,
  fieldStyles,
  css`
    .name {
      color: var(--_muted);
    }
    [part='messages'] {
      display: grid;
      gap: 10px;
    }
    .message.assistant {
      background: var(--_surface);
    }
    .role {
      font-size: 11px;
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--_muted);
      margin-bottom: 6px;
    }
  `,
];
