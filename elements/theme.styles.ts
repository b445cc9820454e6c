import { css } from 'lit';

/**
 * The design tokens every element reads. A host page themes the console by setting the public `--tool-*` custom
 * properties (on `tool-console`, `:root`, or any ancestor); each element falls back to these defaults, light or dark
 * following `prefers-color-scheme`, so it also looks right alone. Elements use the private `--_*` names only.
 */
export const theme = css`
  :host {
    color-scheme: light dark;
    --_font: var(--tool-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--tool-mono-font, ui-monospace, 'SF Mono', 'Cascadia Code', Menlo, Consolas, monospace);
    --_radius: var(--tool-radius, 6px);
    --_bg: var(--tool-bg, #ffffff);
    --_surface: var(--tool-surface, #f6f8fa);
    --_fg: var(--tool-fg, #1f2328);
    --_muted: var(--tool-muted, #59636e);
    --_border: var(--tool-border, #d1d9e0);
    --_hover: var(--tool-hover, #eff2f5);
    --_accent: var(--tool-accent, #0969da);
    --_accent-fg: var(--tool-accent-fg, #ffffff);
    --_selected: var(--tool-selected-bg, #ddf4ff);
    --_focus: var(--tool-focus, #0969da);
    --_danger: var(--tool-danger, #cf222e);
    --_danger-bg: var(--tool-danger-bg, #ffebe9);
    --_success: var(--tool-success, #116329);
    --_success-bg: var(--tool-success-bg, #dafbe1);
    --_warning: var(--tool-warning, #7d4e00);
    --_warning-bg: var(--tool-warning-bg, #fff8c5);
    --_info-bg: var(--tool-info-bg, #ddf4ff);
    font-family: var(--_font);
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_bg: var(--tool-bg, #0d1117);
      --_surface: var(--tool-surface, #151b23);
      --_fg: var(--tool-fg, #e6edf3);
      --_muted: var(--tool-muted, #9198a1);
      --_border: var(--tool-border, #3d444d);
      --_hover: var(--tool-hover, #1c2330);
      --_accent: var(--tool-accent, #1f6feb);
      --_accent-fg: var(--tool-accent-fg, #ffffff);
      --_selected: var(--tool-selected-bg, #172b45);
      --_focus: var(--tool-focus, #4493f8);
      --_danger: var(--tool-danger, #ff7b72);
      --_danger-bg: var(--tool-danger-bg, #2d1517);
      --_success: var(--tool-success, #56d364);
      --_success-bg: var(--tool-success-bg, #12261e);
      --_warning: var(--tool-warning, #e3b341);
      --_warning-bg: var(--tool-warning-bg, #272115);
      --_info-bg: var(--tool-info-bg, #121d2f);
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
