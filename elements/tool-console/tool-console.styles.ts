import { css } from 'lit';
import { badgeStyles } from '../display/badges.js';
import { iconStyles } from '../display/icons.js';
import { callViewStyles } from '../call/call-view.js';
import { outputSchemaStyles } from './output-schema.js';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  badgeStyles,
  iconStyles,
  outputSchemaStyles,
  callViewStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      height: var(--tool-console-height, 100vh);
      min-height: 360px;
      background: var(--_bg);
      font-size: 14px;
      container-type: inline-size;
    }
    /* Heard by screen readers, not seen: the live region that announces how a call ended. */
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      flex-wrap: wrap;
      gap: 8px 16px;
      padding: 10px 16px;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    h1 {
      margin: 0;
      font-size: 16px;
      font-weight: 600;
    }
    .server {
      margin: 0 auto 0 0;
      color: var(--_muted);
      font-size: 12.5px;
    }
    .server a {
      color: var(--_accent);
    }
    /* The server's instructions read as a document: left-aligned in a card below the centred welcome. */
    .instructions {
      margin: 32px auto 0;
      max-width: 720px;
      text-align: start;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 12px 16px;
    }
    .instructions h3 {
      margin: 0 0 8px;
      font-size: 13px;
    }
    .layout {
      flex: 1;
      min-height: 0;
      display: grid;
      grid-template-columns: minmax(260px, 340px) 1fr;
    }
    nav {
      display: flex;
      flex-direction: column;
      min-height: 0;
      border-right: 1px solid var(--_border);
      background: var(--_bg);
      overflow: hidden;
    }
    /* The server log sits under the list, which keeps the rest of the pane. */
    nav > .logs {
      flex: none;
      margin: 0;
      padding: 8px 12px;
      border-top: 1px solid var(--_border);
    }
    /* The list could not be loaded: the reason stands where the list would be. */
    nav > .failure {
      margin: 12px;
    }
    nav > .logs .log-box {
      max-height: 10em;
    }
    tool-list {
      flex: 1;
    }
    main {
      min-width: 0;
      overflow: auto;
      padding: 24px clamp(16px, 4cqi, 40px) 48px;
      display: flex;
      flex-direction: column;
      gap: 16px;
    }
    main > *,
    .apps > * {
      max-width: 920px;
      width: 100%;
      box-sizing: border-box;
    }
    /* The tools' interfaces sit in main's column as if they were its own children. */
    .apps {
      display: contents;
    }
    tool-app:not(:defined) {
      color: var(--_danger);
    }
    .marks {
      margin: 6px 0 0;
      padding-left: 18px;
      color: var(--_muted);
      font-size: 13px;
    }
    @container (max-width: 720px) {
      .layout {
        grid-template-columns: 1fr;
        grid-template-rows: minmax(200px, 38%) 1fr;
      }
      nav {
        border-right: 0;
        border-bottom: 1px solid var(--_border);
      }
      main {
        padding: 16px;
      }
    }
    .title-row {
      display: flex;
      align-items: center;
      flex-wrap: wrap;
      gap: 8px 12px;
    }
    h2 {
      margin: 0;
      font-size: 22px;
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .name {
      display: inline-block;
      margin-top: 4px;
      font-family: var(--_mono);
      font-size: 13px;
      color: var(--_muted);
      overflow-wrap: anywhere;
    }
    tool-description {
      margin-top: 10px;
      max-width: 75ch;
    }
    .card {
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) + 2px);
      padding: 16px;
      background: var(--_bg);
    }
    h3 {
      margin: 0 0 12px;
      font-size: 14px;
      font-weight: 600;
    }
    .notice,
    .intro p {
      color: var(--_muted);
      margin: 0;
    }
    .notice {
      padding: 12px 16px;
    }
    .task-mode {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      margin-left: auto;
      font-size: 13px;
      color: var(--_muted);
    }
    label.task-mode {
      color: inherit;
      cursor: pointer;
    }
    .intro {
      margin-top: 12vh;
      text-align: center;
    }
    .intro h2 {
      margin-bottom: 8px;
    }
    .failure,
    .banner {
      border: 1px solid var(--_danger);
      background: var(--_danger-bg);
      border-radius: var(--_radius);
      padding: 12px 16px;
      overflow-wrap: anywhere;
    }
    .banner {
      margin: 0;
      border-color: var(--_warning);
      background: var(--_warning-bg);
    }
    .failure p {
      margin: 0 0 10px;
    }
    .failure p:last-child {
      margin: 0;
    }
    button {
      font: inherit;
      color: inherit;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_surface);
      padding: 5px 12px;
      cursor: pointer;
    }
    button:hover {
      background: var(--_hover);
    }
    .history summary {
      cursor: pointer;
      color: var(--_muted);
      font-size: 13px;
    }
    .history ul {
      list-style: none;
      margin: 8px 0 0;
      padding: 0;
      display: grid;
      gap: 4px;
    }
    .history button {
      width: 100%;
      display: flex;
      gap: 12px;
      justify-content: space-between;
      text-align: left;
      background: var(--_bg);
    }
    .history .args {
      font-family: var(--_mono);
      font-size: 12px;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      min-width: 0;
    }
    .history time {
      flex: none;
      font-size: 12px;
      color: var(--_muted);
    }
  `,
];
