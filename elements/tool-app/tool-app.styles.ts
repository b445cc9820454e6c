import { css } from 'lit';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  css`
    :host {
      display: block;
      font-size: 14px;
    }
    section {
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) + 2px);
      background: var(--_bg);
      overflow: hidden;
    }
    .bar {
      display: flex;
      align-items: center;
      gap: 8px;
      padding: 8px 12px;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    .title {
      font-weight: 600;
    }
    .uri {
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      color: var(--_muted);
      font-family: var(--_mono);
      font-size: 12px;
    }
    button {
      font: inherit;
      font-size: 13px;
      color: inherit;
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 3px 10px;
      cursor: pointer;
    }
    button.primary {
      color: var(--_accent-fg);
      background: var(--_accent);
      border-color: var(--_accent);
    }
    iframe {
      display: block;
      width: 100%;
      border: 0;
      background: transparent;
    }
    .notice,
    .problem {
      margin: 0;
      padding: 12px 16px;
      color: var(--_muted);
    }
    .problem {
      color: var(--_danger);
      overflow-wrap: anywhere;
    }
    .consent,
    .note {
      margin: 8px 12px;
      padding: 8px 12px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_surface);
    }
    .consent {
      border-color: var(--_warning);
      background: var(--_warning-bg);
    }
    .consent p,
    .note p {
      margin: 0 0 6px;
    }
    .url,
    pre {
      display: block;
      margin: 0;
      font-family: var(--_mono);
      font-size: 12px;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .buttons {
      display: flex;
      gap: 8px;
      margin-top: 8px;
    }
    /*
     * Full screen fills the viewport, the bar with its way back on top. Important: a page's own rule for the element
     * (the console's width for views in its result, 920px) otherwise wins over :host, and full screen covered only
     * that much of the viewport. An !important :host declaration wins over the page's normal ones.
     */
    :host([display-mode='fullscreen']) {
      position: fixed !important;
      inset: 0 !important;
      z-index: 1000;
      margin: 0 !important;
      width: auto !important;
      height: auto !important;
      max-width: none !important;
      max-height: none !important;
      min-width: 0 !important;
      min-height: 0 !important;
    }
    :host([display-mode='fullscreen']) section {
      display: flex;
      flex-direction: column;
      height: 100%;
      border: 0;
      border-radius: 0;
    }
    :host([display-mode='fullscreen']) iframe {
      flex: 1;
    }
  `,
];
