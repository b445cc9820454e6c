// How the argument fields of <prompt-view> and <template-view> look.
import { css } from 'lit';

export const fieldStyles = css`
  form {
    display: grid;
    gap: 10px;
    margin: 10px 0;
  }
  .field {
    display: grid;
    gap: 3px;
  }
  label {
    font-weight: 600;
    font-size: 13px;
    overflow-wrap: anywhere;
  }
  label .name {
    font-weight: 400;
    color: var(--_muted);
    margin-left: 6px;
  }
  .required {
    color: var(--_danger);
  }
  .hint {
    margin: 0;
    font-size: 12px;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  input {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 5px 8px;
  }
  input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 0;
  }
  button[type='submit'] {
    justify-self: start;
    color: var(--_accent-fg);
    background: var(--_accent);
    border-color: var(--_accent);
  }
  button[type='submit']:hover {
    background: var(--_accent);
    filter: brightness(1.1);
  }
`;
