import { css } from 'lit';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
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
    code,
    pre {
      font-family: var(--_mono);
      font-size: 12.5px;
    }
    [role='tablist'] {
      display: flex;
      gap: 2px;
      border-bottom: 1px solid var(--_border);
    }
    [role='tab'] {
      font: inherit;
      font-size: 13px;
      color: var(--_muted);
      background: none;
      border: 0;
      border-bottom: 2px solid transparent;
      margin-bottom: -1px;
      padding: 6px 12px;
      cursor: pointer;
    }
    [role='tab'][aria-selected='true'] {
      color: var(--_fg);
      font-weight: 600;
      border-bottom-color: var(--_accent);
    }
    [role='tab']:hover {
      color: var(--_fg);
    }
    [role='tabpanel'] {
      padding-top: 12px;
      display: grid;
      gap: 10px;
    }
    .item {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 10px 12px;
      background: var(--_bg);
      min-width: 0;
    }
    .item.is-error {
      border-color: var(--_danger);
      background: var(--_danger-bg);
    }
    pre {
      margin: 0;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      max-height: 480px;
      overflow: auto;
    }
    pre.json,
    pre.curl,
    pre.command {
      background: var(--_surface);
      border-radius: calc(var(--_radius) - 2px);
      padding: 8px 10px;
    }
    .item > pre.json {
      background: none;
      padding: 0;
    }
    .item-label {
      display: flex;
      gap: 8px;
      font-size: 12px;
      color: var(--_muted);
      margin-bottom: 6px;
      overflow-wrap: anywhere;
    }
    .kind {
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      font-size: 11px;
    }
    img {
      display: block;
      max-width: 100%;
      max-height: 480px;
      border-radius: 4px;
    }
    audio {
      width: 100%;
    }
    a {
      color: var(--_focus);
    }
    .link {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: baseline;
      overflow-wrap: anywhere;
    }
    .link code,
    .description,
    .notice,
    .note {
      color: var(--_muted);
      font-size: 12px;
      margin: 4px 0 0;
    }
    .download {
      display: inline-block;
      margin-top: 6px;
    }
    h4 {
      margin: 6px 0;
      font-size: 12px;
      font-weight: 600;
      color: var(--_muted);
      text-transform: uppercase;
      letter-spacing: 0.04em;
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
