import { css } from 'lit';
import { styles as toolFormStyles } from '../tool-form/tool-form.styles.js';

// The fields look as they do in the tool form (its styles carry the theme tokens); the dialog adds its frame.
export const styles = [
  toolFormStyles,
  css`
    :host {
      display: contents;
    }
    dialog {
      box-sizing: border-box;
      width: min(560px, calc(100vw - 32px));
      max-height: calc(100vh - 64px);
      padding: 20px;
      border: 1px solid var(--_border);
      border-radius: calc(var(--_radius) + 4px);
      background: var(--_bg);
      color: var(--_fg);
      box-shadow: 0 12px 40px rgb(0 0 0 / 0.3);
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.45);
    }
    p {
      margin: 0;
    }
    .asker {
      color: var(--_muted);
      font-size: 12.5px;
    }
    /* The server's words, as it wrote them: its line breaks kept, long words broken rather than overflowing. */
    .message {
      margin: 2px 0 16px;
      font-size: 15px;
      font-weight: 600;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .domain {
      font-size: 20px;
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    .url {
      margin: 4px 0 0;
      font-family: var(--_mono);
      font-size: 12.5px;
      color: var(--_muted);
      overflow-wrap: anywhere;
    }
    .actions {
      margin-top: 16px;
    }
    [aria-disabled='true'] {
      cursor: default;
      opacity: 0.55;
    }
  `,
];
