// How the content renderers' markup looks (resource-contents.ts, json-tree.ts, content-item.ts), for every element
// that draws contents: <resource-view> and <prompt-view> add it to their own styles. What <tool-result> draws too
// (one content item in its card) is content-item.styles.ts, which both use.
import { css } from 'lit';
import { contentItemStyles } from './content-item.styles.js';

export const contentStyles = [
  contentItemStyles,
  css`
  .copy-bar {
    display: flex;
    align-items: center;
    gap: 12px;
    font-size: 13px;
    margin-bottom: 6px;
  }
  .copy-status {
    color: var(--_muted);
  }
  button {
    font: inherit;
    font-size: 13px;
    color: var(--_fg);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 4px 12px;
    cursor: pointer;
  }
  button:hover {
    background: var(--_hover);
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .table-frame {
    overflow: auto;
    max-height: 480px;
  }
  table {
    border-collapse: collapse;
    font-size: 13px;
  }
  th,
  td {
    border: 1px solid var(--_border);
    padding: 3px 8px;
    text-align: left;
    vertical-align: top;
    white-space: pre-wrap;
  }
  th {
    background: var(--_surface);
    position: sticky;
    top: 0;
  }
  .json-tree,
  .json-tree ul {
    list-style: none;
    margin: 0;
    padding-left: 16px;
    font-family: var(--_mono);
    font-size: 12.5px;
  }
  .json-tree {
    padding: 0;
    max-height: 480px;
    overflow: auto;
  }
  .json-tree summary {
    cursor: pointer;
  }
  .json-key {
    color: var(--_accent);
  }
  .json-summary,
  .json-empty {
    color: var(--_muted);
  }
  .markdown {
    overflow-wrap: anywhere;
  }
`,
];
