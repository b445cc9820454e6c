import { css } from 'lit';
import { theme } from '../theme.styles.js';
import { contentStyles } from '../content/content.styles.js';
import { fieldStyles } from '../completion/field.styles.js';

export const styles = [
  theme,
  contentStyles,
  fieldStyles,
  css`
    :host {
      display: block;
      font-family: var(--_font);
      font-size: 14px;
      color: var(--_fg);
    }
    h3 {
      margin: 0;
      font-size: 16px;
      overflow-wrap: anywhere;
    }
    .name {
      color: var(--_muted);
    }
    .description {
      margin: 6px 0;
      overflow-wrap: anywhere;
    }
    .status {
      color: var(--_muted);
      font-size: 13px;
    }
    [part='messages'] {
      display: grid;
      gap: 10px;
    }
    .message {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 10px 12px;
      background: var(--_bg);
      min-width: 0;
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
    .error {
      border: 1px solid var(--_danger);
      background: var(--_danger-bg);
      border-radius: var(--_radius);
      padding: 10px 12px;
      overflow-wrap: anywhere;
    }
    .error p {
      margin: 6px 0 0;
    }
  `,
];
