import { css } from 'lit';
import { theme } from '../theme.styles.js';

// Colours and fonts come from the shared theme tokens (--tool-* with light and dark fallbacks).
export const styles = [
  theme,
  css`
  :host {
    display: block;
    font-size: var(--tool-font-size, 14px);
  }
  form { display: grid; gap: 12px; }
  .views { display: flex; gap: 0; }
  .tab { border-radius: 0; }
  .tab:first-child { border-radius: var(--_radius) 0 0 var(--_radius); }
  .tab:last-child { border-radius: 0 var(--_radius) var(--_radius) 0; margin-left: -1px; }
  .tab[aria-pressed='true'] { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); }
  .fields { display: grid; gap: 12px; }
  .field { display: grid; gap: 4px; }
  .label-row { display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; }
  label, legend { font-weight: 600; }
  fieldset {
    display: grid; gap: 12px; margin: 0; padding: 8px 12px 12px;
    border: 1px solid var(--_border); border-radius: var(--_radius); min-width: 0;
  }
  legend { padding: 0 4px; display: flex; gap: 8px; align-items: baseline; }
  .required { color: var(--_danger); margin-left: 2px; }
  .badge {
    font-size: 11px; font-weight: 500; padding: 0 6px; border-radius: 999px;
    border: 1px solid var(--_border); color: var(--_muted);
  }
  .badge.deprecated { text-decoration: line-through; }
  .help, .note, .hint, .status { color: var(--_muted); font-size: 12.5px; }
  .status { margin: 0; }
  .hint { font-size: 12px; }
  input, select, textarea {
    font: inherit; color: var(--_fg); background: var(--_bg);
    border: 1px solid var(--_border); border-radius: var(--_radius); padding: 5px 8px; min-width: 0;
  }
  input[type='checkbox'] { width: 16px; height: 16px; padding: 0; accent-color: var(--_accent); }
  textarea { resize: vertical; }
  /* The JSON view fills the form's width and grows with what it holds, up to most of the screen. */
  .raw { display: grid; gap: 4px; }
  .raw textarea { width: 100%; box-sizing: border-box; min-height: 12lh; max-height: 75vh; field-sizing: content; }
  .json { font-family: var(--tool-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace); font-size: 12.5px; }
  :is(input, select, textarea, button):focus-visible { outline: 2px solid var(--_accent); outline-offset: 1px; }
  :is(input, select, textarea):disabled { opacity: 0.6; }
  [aria-invalid='true'] { border-color: var(--_danger); }
  .error { color: var(--_danger); font-size: 12.5px; }
  ul.error { margin: 0; padding: 8px 12px 8px 28px; border: 1px solid var(--_danger); border-radius: var(--_radius); }
  .null { font-family: var(--tool-font-mono, ui-monospace, monospace); color: var(--_muted); }
  .checkbox-row, .add-entry, .variant-picker, .item-actions, .actions { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  .picks { display: flex; gap: 4px 16px; flex-wrap: wrap; }
  .picks label { font-weight: 400; }
  .items { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  .item { display: grid; grid-template-columns: 1fr auto; gap: 8px; align-items: end; padding-bottom: 8px; border-bottom: 1px dashed var(--_border); }
  .entries { display: grid; gap: 8px; }
  .entry { display: grid; grid-template-columns: 1fr auto; gap: 8px; align-items: end; }
  button {
    font: inherit; cursor: pointer; color: var(--_fg); background: var(--_surface);
    border: 1px solid var(--_border); border-radius: var(--_radius); padding: 5px 12px;
  }
  button:disabled { cursor: default; opacity: 0.55; }
  button.small { padding: 2px 8px; font-size: 12.5px; }
  button.link { border: none; background: none; padding: 0; color: var(--_accent); font-size: 12.5px; font-weight: 400; }
  button.primary { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-fg); font-weight: 600; }
  button.danger { background: var(--_danger); border-color: var(--_danger); color: var(--_accent-fg); font-weight: 600; }
  .warning { color: var(--_danger); font-weight: 600; }
  .add { justify-self: start; }
`,
];
