import { css } from 'lit';
import { contentStyles } from '../content/content.styles.js';
import { theme } from '../theme.styles.js';

// The log's look: a bar of filters and actions, the windowed rows (one line each, of a fixed height), the picked
// message below them.
export const styles = [
  theme,
  contentStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 8px;
      min-height: 0;
      font: 13px var(--_font);
      color: var(--_fg);
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    .bar input {
      flex: 1;
      min-width: 10em;
    }
    .count,
    .dropped {
      color: var(--_muted);
      font-size: 12px;
    }
    .viewport {
      position: relative;
      height: 20em;
      overflow: auto;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_bg);
    }
    .spacer {
      position: relative;
    }
    .window {
      position: absolute;
      inset: 0 0 auto 0;
    }
    .row {
      /* ROW_HEIGHT in protocol-log.ts: the list places rows by it without measuring them. */
      height: 24px;
      width: 100%;
      display: grid;
      grid-template-columns: 9em 1.5em minmax(6em, 1fr) 5em 5em 5em;
      gap: 6px;
      align-items: center;
      padding: 0 8px;
      border: 0;
      background: none;
      color: inherit;
      font: 12px var(--_mono);
      text-align: left;
      white-space: nowrap;
      cursor: pointer;
    }
    .row > span {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .row:hover {
      background: var(--_hover);
    }
    .row[aria-pressed='true'] {
      background: var(--_selected);
    }
    .row.error .method {
      color: var(--_danger);
    }
    .num {
      text-align: right;
      color: var(--_muted);
    }
    .picked {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 8px;
      max-height: 24em;
      overflow: auto;
    }
    .picked h3 {
      margin: 0 0 6px;
      font-size: 13px;
    }
  `,
];
