// <tool-auth-bar>'s styles: a compact row of a label, the token field and its Show/Hide button.
import { css } from 'lit';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  css`
    :host {
      display: flex;
      align-items: center;
      gap: 6px;
      font-size: 13px;
    }
    label {
      color: var(--_muted);
      white-space: nowrap;
    }
    input,
    button {
      font: inherit;
      color: inherit;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_bg);
      padding: 5px 8px;
    }
    input {
      width: 16em;
      min-width: 0;
      font-family: var(--_mono);
      font-size: 12px;
    }
    button {
      cursor: pointer;
      background: var(--_surface);
    }
    button:hover {
      background: var(--_hover);
    }
  `,
];
