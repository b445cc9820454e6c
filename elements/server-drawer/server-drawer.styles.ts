import { css } from 'lit';
import { theme } from '../theme.styles.js';

// A panel over the console's right side: a title bar with Close, the Protocol | Notifications | Server tabs, the pane.
export const styles = [
  theme,
  css`
    :host {
      position: fixed;
      top: 0;
      right: 0;
      bottom: 0;
      z-index: 10;
      display: flex;
      flex-direction: column;
      gap: 8px;
      width: min(760px, 100vw);
      padding: 12px;
      box-sizing: border-box;
      overflow: auto;
      border-left: 1px solid var(--_border);
      background: var(--_bg);
      color: var(--_fg);
      font: 14px var(--_font);
      box-shadow: -4px 0 16px rgb(0 0 0 / 0.15);
    }
    :host([hidden]) {
      display: none;
    }
    .title {
      display: flex;
      justify-content: space-between;
      align-items: center;
    }
    h2 {
      margin: 0;
      font-size: 16px;
    }
    [role='tablist'] {
      display: flex;
      gap: 4px;
      border-bottom: 1px solid var(--_border);
    }
    [role='tab'] {
      padding: 6px 12px;
      border: 0;
      border-bottom: 2px solid transparent;
      background: none;
      color: inherit;
      font: inherit;
      cursor: pointer;
    }
    [role='tab'][aria-selected='true'] {
      border-bottom-color: var(--_accent);
      font-weight: 600;
    }
    .badge {
      margin-left: 4px;
      padding: 0 6px;
      border-radius: 999px;
      background: var(--_accent);
      color: var(--_accent-fg);
      font-size: 11px;
    }
    .problem {
      padding: 8px 10px;
      border-radius: var(--_radius);
      color: var(--_danger);
      background: var(--_danger-bg);
    }
  `,
];
