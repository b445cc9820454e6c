import { css } from 'lit';
import { styles as toolListStyles } from '../tool-list/tool-list.styles.js';

// The tool list's look (search field, count, windowed rows, group headers), with an icon before a row's text.
export const styles = [
  toolListStyles,
  css`
    .option {
      display: grid;
      grid-template-columns: auto 1fr;
      column-gap: 8px;
    }
    /* The picture's <img> is the grid's item; its <source> (not hidden by the browser's own styles) is none. */
    picture {
      display: contents;
    }
    source {
      display: none;
    }
    .icon {
      grid-row: span 2;
      align-self: center;
      width: 20px;
      height: 20px;
      margin: 0;
      object-fit: contain;
    }
    .name,
    .sub {
      grid-column: 2;
      min-width: 0;
    }
    .sub .text {
      font-family: var(--_mono);
      font-size: 11.5px;
    }
  `,
];
