import { css } from 'lit';
import { iconStyles } from '../display/icons.js';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  iconStyles,
  css`
    :host {
      display: flex;
      height: 100vh;
      height: 100dvh;
      background: var(--_bg);
    }
    nav {
      flex: 0 0 260px;
      display: flex;
      flex-direction: column;
      /* The config file's path stays on one line: it is cut, the list does not widen. */
      min-width: 0;
      min-height: 0;
      background: var(--_surface);
      border-right: 1px solid var(--_border);
    }
    header {
      padding: 12px 14px 8px;
      border-bottom: 1px solid var(--_border);
    }
    h1 {
      margin: 0;
      font-size: 15px;
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .file {
      margin: 2px 0 0;
      font: 12px var(--_mono);
      color: var(--_muted);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      direction: rtl;
      text-align: left;
    }
    .notice {
      margin: 8px 8px 0;
      padding: 6px 8px;
      font-size: 12px;
      color: var(--_warning);
      background: var(--_warning-bg);
      border-radius: var(--_radius);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    [role='tablist'] {
      flex: 1;
      overflow: auto;
      padding: 8px;
      display: flex;
      flex-direction: column;
      gap: 2px;
    }
    [role='tab'] {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: 1px;
      width: 100%;
      padding: 7px 10px;
      font: inherit;
      text-align: left;
      color: var(--_fg);
      background: none;
      border: 0;
      border-left: 3px solid transparent;
      border-radius: var(--_radius);
      cursor: pointer;
    }
    [role='tab']:hover {
      background: var(--_hover);
    }
    [role='tab'][aria-selected='true'] {
      background: var(--_selected);
      border-left-color: var(--_accent);
    }
    .name {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .title {
      font-size: 13px;
      overflow-wrap: anywhere;
    }
    .status {
      font-size: 12px;
      color: var(--_muted);
    }
    .mark {
      display: inline-block;
      width: 8px;
      height: 8px;
      margin-right: 6px;
      border-radius: 50%;
      box-sizing: border-box;
      border: 1.5px solid var(--_muted);
    }
    .connecting .mark {
      border-color: var(--_accent);
      border-right-color: transparent;
      animation: spin 1s linear infinite;
    }
    .ready .mark {
      background: var(--_success);
      border-color: var(--_success);
    }
    .failed .mark {
      background: var(--_danger);
      border-color: var(--_danger);
    }
    .failed .status {
      color: var(--_danger);
    }
    .diagnosis {
      font-size: 12px;
      color: var(--_fg);
      overflow-wrap: anywhere;
    }
    @keyframes spin {
      to {
        transform: rotate(360deg);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .connecting .mark {
        animation: none;
      }
    }
    main {
      flex: 1;
      min-width: 0;
      display: flex;
      flex-direction: column;
    }
    .frames {
      flex: 1;
      position: relative;
    }
    .authorization {
      margin: 0;
      padding: 8px 12px;
      color: var(--_warning);
      background: var(--_warning-bg);
      border-bottom: 1px solid var(--_border);
      overflow-wrap: anywhere;
    }
    .authorization a {
      font-weight: 600;
      color: inherit;
    }
    .panel {
      position: absolute;
      inset: 0;
    }
    .panel[hidden] {
      display: none;
    }
    iframe {
      display: block;
      width: 100%;
      height: 100%;
      border: 0;
    }
    .empty {
      margin: 24px;
      color: var(--_muted);
      overflow-wrap: anywhere;
    }
    @media (max-width: 640px) {
      :host {
        flex-direction: column;
      }
      nav {
        flex: 0 0 auto;
        max-height: 40vh;
        border-right: 0;
        border-bottom: 1px solid var(--_border);
      }
    }
  `,
];
