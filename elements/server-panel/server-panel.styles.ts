import { css } from 'lit';
import { theme } from '../theme.styles.js';

// The panel: the doctor's explanation first when there is one, then what the server is, its controls, its stderr.
export const styles = [
  theme,
  css`
    :host {
      display: grid;
      gap: 12px;
      font: 13px var(--_font);
      color: var(--_fg);
    }
    h3 {
      margin: 0 0 4px;
      font-size: 13px;
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 2px 12px;
      margin: 0;
    }
    dt {
      color: var(--_muted);
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    ul {
      margin: 0;
      padding-left: 1.2em;
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    .doctor,
    .problem {
      padding: 8px 10px;
      border-radius: var(--_radius);
      color: var(--_danger);
      background: var(--_danger-bg);
    }
    .doctor p {
      margin: 0 0 6px;
    }
    pre {
      margin: 0;
      max-height: 12em;
      overflow: auto;
      padding: 6px 8px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_surface);
      color: var(--_fg);
      font: 12px var(--_mono);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .muted {
      color: var(--_muted);
    }
  `,
];
