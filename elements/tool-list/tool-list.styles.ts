import { css } from 'lit';
import { badgeStyles } from '../display/badges.js';
import { iconStyles } from '../display/icons.js';
import { theme } from '../theme.styles.js';

export const styles = [
  theme,
  badgeStyles,
  iconStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 0;
      font-size: 14px;
    }
    .search {
      padding: 12px 12px 4px;
    }
    input {
      box-sizing: border-box;
      width: 100%;
      font: inherit;
      color: inherit;
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 7px 10px;
    }
    input:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: -1px;
      border-color: transparent;
    }
    .count {
      padding: 4px 14px 8px;
      font-size: 12px;
      color: var(--_muted);
    }
    [role='listbox'] {
      flex: 1;
      min-height: 0;
      height: var(--tool-list-height, auto);
      overflow-y: auto;
      overscroll-behavior: contain;
      position: relative;
      outline-offset: -2px;
    }
    .spacer {
      position: relative;
    }
    .window {
      position: absolute;
      inset: 0 0 auto 0;
    }
    .group {
      box-sizing: border-box;
      height: 30px;
      display: flex;
      align-items: flex-end;
      justify-content: space-between;
      padding: 0 14px 5px;
      font-size: 11px;
      font-weight: 600;
      letter-spacing: 0.04em;
      text-transform: uppercase;
      color: var(--_muted);
    }
    .option {
      box-sizing: border-box;
      height: 54px;
      padding: 8px 12px 8px 11px;
      margin: 0 6px;
      border-left: 3px solid transparent;
      border-radius: var(--_radius);
      cursor: pointer;
      overflow: hidden;
    }
    .option:hover {
      background: var(--_hover);
    }
    .option.selected {
      background: var(--_selected);
      border-left-color: var(--_accent);
    }
    :host(:focus-within) [role='listbox']:focus-visible .option.active {
      outline: 2px solid var(--_focus);
      outline-offset: -2px;
    }
    .name {
      height: 20px;
      font-family: var(--_mono);
      font-size: 13px;
      font-weight: 600;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .sub {
      display: flex;
      align-items: center;
      gap: 6px;
      height: 18px;
      font-size: 12px;
      color: var(--_muted);
    }
    .text {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .empty {
      margin: 16px 14px;
      color: var(--_muted);
    }
  `,
];
