// How the content renderers' markup looks (resource-contents.ts, json-tree.ts, content-item.ts), for every element
// that draws contents: <resource-view> and <prompt-view> add it to their own styles.
import { css } from 'lit';

export const contentStyles = css`
  code,
  pre {
    font-family: var(--_mono);
    font-size: 12.5px;
  }
  pre {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 480px;
    overflow: auto;
    background: var(--_surface);
    border-radius: calc(var(--_radius) - 2px);
    padding: 8px 10px;
  }
  .item-label {
    display: flex;
    flex-wrap: wrap;
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
  .notice {
    color: var(--_muted);
    font-size: 12px;
    margin: 4px 0 0;
  }
  .download {
    display: inline-block;
    margin-top: 6px;
  }
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
`;
