import { css } from 'lit';

/**
 * The design tokens every element reads. A host page themes the console by setting the public `--tool-*` custom
 * properties (on `tool-console`, `:root`, or any ancestor); each element falls back to these defaults, light or dark
 * following `prefers-color-scheme`, so it also looks right alone. Elements use the private `--_*` names only.
 */
export const theme = css`
  :host {
    color-scheme: light dark;
    --_font: var(--tool-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--tool-font-mono, ui-monospace, 'SF Mono', 'Cascadia Code', Menlo, Consolas, monospace);
    --_radius: var(--tool-radius, 6px);
    --_bg: var(--tool-color-surface, #ffffff);
    --_surface: var(--tool-color-subtle, #f6f8fa);
    --_fg: var(--tool-color-text, #1f2328);
    --_muted: var(--tool-color-muted, #59636e);
    --_border: var(--tool-color-border, #d0d7de);
    --_hover: var(--tool-color-hover, #eff2f5);
    --_accent: var(--tool-color-accent, #0969da);
    --_accent-fg: var(--tool-color-on-accent, #ffffff);
    --_selected: var(--tool-color-selected, #ddf4ff);
    --_focus: var(--tool-color-focus, #0969da);
    --_danger: var(--tool-color-danger, #cf222e);
    --_danger-bg: var(--tool-color-danger-bg, #ffebe9);
    --_success: var(--tool-color-success, #116329);
    --_success-bg: var(--tool-color-success-bg, #dafbe1);
    --_warning: var(--tool-color-warning, #7d4e00);
    --_warning-bg: var(--tool-color-warning-bg, #fff8c5);
    --_info-bg: var(--tool-color-info-bg, #ddf4ff);
    font-family: var(--_font);
    line-height: 1.45;
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_bg: var(--tool-color-surface, #0d1117);
      --_surface: var(--tool-color-subtle, #161b22);
      --_fg: var(--tool-color-text, #e6edf3);
      --_muted: var(--tool-color-muted, #9198a1);
      --_border: var(--tool-color-border, #3d444d);
      --_hover: var(--tool-color-hover, #1c2330);
      --_accent: var(--tool-color-accent, #4493f8);
      --_accent-fg: var(--tool-color-on-accent, #0d1117);
      --_selected: var(--tool-color-selected, #172b45);
      --_focus: var(--tool-color-focus, #4493f8);
      --_danger: var(--tool-color-danger, #ff7b72);
      --_danger-bg: var(--tool-color-danger-bg, #2d1517);
      --_success: var(--tool-color-success, #56d364);
      --_success-bg: var(--tool-color-success-bg, #12261e);
      --_warning: var(--tool-color-warning, #e3b341);
      --_warning-bg: var(--tool-color-warning-bg, #272115);
      --_info-bg: var(--tool-color-info-bg, #121d2f);
    }
  }
  :host([hidden]) {
    display: none;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
`;
