import { css } from 'lit';
import { alertStyles } from '../alert.styles.js';
import { contentItemStyles } from '../content/content-item.styles.js';
import { tabStyles } from '../tabs.styles.js';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  contentItemStyles,
  tabStyles,
  alertStyles,
  css`
    :host {
      display: block;
      font-size: 14px;
    }
    .placeholder {
      color: var(--_muted);
      margin: 0;
    }
    .header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
      margin-bottom: 10px;
    }
    .pill {
      font-size: 12px;
      font-weight: 600;
      padding: 2px 8px;
      border-radius: 999px;
    }
    .pill.ok {
      color: var(--_success);
      background: var(--_success-bg);
    }
    .pill.bad {
      color: var(--_danger);
      background: var(--_danger-bg);
    }
    .meta {
      font-size: 12px;
      color: var(--_muted);
    }
    [role='tablist'] {
      display: flex;
      gap: 2px;
      border-bottom: 1px solid var(--_border);
    }
    [role='tab'] {
      margin-bottom: -1px;
      padding: 6px 12px;
    }
    [role='tabpanel'] {
      padding-top: 12px;
      display: grid;
      gap: 10px;
    }
    .item.is-error {
      border-color: var(--_danger);
      background: var(--_danger-bg);
    }
    /* An item's own text and JSON sit in its card, with no panel of their own. */
    .item > pre.json,
    .item > pre.text {
      background: none;
      padding: 0;
    }
    h4 {
      margin: 6px 0;
      font-size: 12px;
      font-weight: 600;
      color: var(--_muted);
      text-transform: uppercase;
      letter-spacing: 0.04em;
    }
    .copy-bar {
      display: flex;
      align-items: center;
      gap: 12px;
      font-size: 13px;
    }
    button.copy,
    button.open {
      font: inherit;
      font-size: 13px;
      color: var(--_fg);
      background: var(--_surface);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 4px 12px;
      cursor: pointer;
      margin-top: 6px;
    }
    /* What an opened resource holds, set in under the item that links to it. */
    .opened {
      margin-top: 8px;
      padding-left: 12px;
      border-left: 2px solid var(--_border);
    }
    button.copy:hover,
    button.open:hover {
      background: var(--_hover);
    }
    .copy-status,
    .twin {
      color: var(--_muted);
    }
    .twin {
      font-weight: 400;
      text-transform: none;
      letter-spacing: 0;
    }
    .check {
      margin: 0;
      font-size: 13px;
      border-radius: var(--_radius);
      padding: 6px 10px;
      overflow-wrap: anywhere;
    }
    .check.ok {
      color: var(--_success);
      background: var(--_success-bg);
    }
    .check.bad {
      color: var(--_warning);
      background: var(--_warning-bg);
      border: 1px solid var(--_warning);
    }
    .check ul {
      margin: 4px 0 0;
      padding-left: 1.5em;
      color: var(--_fg);
    }
  `,
];
