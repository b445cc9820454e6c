import { css } from 'lit';
import { theme } from '../theme.styles.js';

// Saved calls sit under the recent arguments: a row of buttons, the Save call form, and the collection's list with a
// line per run.
export const styles = [
  theme,
  css`
    :host {
      display: grid;
      gap: 8px;
      font: 13px var(--_font);
      color: var(--_fg);
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    /* Its buttons (and the Import label that looks like one) in the theme's colours, as the form's are: the browser's
       own grey buttons stood out in dark mode. */
    button,
    .button {
      display: inline-block;
      padding: 4px 10px;
      font: inherit;
      color: var(--_fg);
      background: var(--_surface);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      text-decoration: none;
      cursor: pointer;
    }
    button:disabled {
      cursor: default;
      opacity: 0.55;
    }
    button.primary {
      background: var(--_accent);
      border-color: var(--_accent);
      color: var(--_accent-fg);
      font-weight: 600;
    }
    .button input[type='file'] {
      position: absolute;
      width: 1px;
      height: 1px;
      opacity: 0;
    }
    .button:focus-within {
      outline: 2px solid var(--_focus);
    }
    form.save,
    fieldset {
      display: grid;
      gap: 6px;
    }
    fieldset {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }
    .pointer {
      display: flex;
      gap: 6px;
    }
    summary {
      cursor: pointer;
      color: var(--_muted);
    }
    ul {
      list-style: none;
      margin: 8px 0 0;
      padding: 0;
      display: grid;
      gap: 4px;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    .tool,
    pre {
      font-family: var(--_mono);
      font-size: 12px;
    }
    .actions {
      margin-left: auto;
      display: flex;
      gap: 4px;
    }
    pre {
      margin: 0;
      padding: 8px;
      border: 1px solid var(--_border);
      background: var(--_surface);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    figure {
      margin: 0;
    }
    .verdict {
      margin: 2px 0 0;
    }
    .passed {
      color: var(--_success);
    }
    .failed,
    .is-error,
    .problems {
      color: var(--_danger);
    }
    .not-run,
    .running,
    .notice {
      color: var(--_muted);
    }
  `,
];
