import { css } from 'lit';

/** The red box an element shows its failures in (`class="error"`, usually `role="alert"`), a title and a hint below. */
export const alertStyles = css`
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
`;
