import { css } from 'lit';

/**
 * How a row of `role=tab` buttons looks: muted labels over a line, the selected one bold and underlined in the accent.
 * Shared by the tool result's tabs and the Resources and Prompts section tabs; each sets its own spacing.
 */
export const tabStyles = css`
  [role='tab'] {
    font: inherit;
    font-size: 13px;
    color: var(--_muted);
    background: none;
    border: 0;
    border-bottom: 2px solid transparent;
    cursor: pointer;
  }
  [role='tab']:hover {
    color: var(--_fg);
  }
  [role='tab'][aria-selected='true'] {
    color: var(--_fg);
    font-weight: 600;
    border-bottom-color: var(--_accent);
  }
`;
