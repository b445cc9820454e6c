import { css } from 'lit';

/**
 * The frame the Resources and Prompts sections' detail views share (<resource-view>, <prompt-view>, <template-view>):
 * the host's font, the heading, the description and the status line. Each view adds its own parts.
 */
export const detailViewStyles = css`
  :host {
    display: block;
    font-family: var(--_font);
    font-size: 14px;
    color: var(--_fg);
  }
  h3 {
    margin: 0;
    font-size: 16px;
    overflow-wrap: anywhere;
  }
  .description {
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .status {
    color: var(--_muted);
    font-size: 13px;
  }
`;
