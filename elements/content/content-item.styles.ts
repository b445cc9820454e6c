// How one content item looks (content-item.ts's markup: label, text, image, audio, link, download) in its card: for
// <tool-result>, which the first load carries, and for the views that add the rest of the content renderers' styles
// (content.styles.ts).
import { css } from 'lit';

export const contentItemStyles = css`
  code,
  pre {
    font-family: var(--_mono);
    font-size: 12.5px;
  }
  pre {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 480px;
    overflow: auto;
    background: var(--_surface);
    border-radius: calc(var(--_radius) - 2px);
    padding: 8px 10px;
  }
  .item {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 10px 12px;
    background: var(--_bg);
    min-width: 0;
  }
  .item-label {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    font-size: 12px;
    color: var(--_muted);
    margin-bottom: 6px;
    overflow-wrap: anywhere;
  }
  .kind {
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    font-size: 11px;
  }
  img {
    display: block;
    max-width: 100%;
    max-height: 480px;
    border-radius: 4px;
  }
  audio {
    width: 100%;
  }
  a {
    color: var(--_focus);
  }
  .link {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: baseline;
    overflow-wrap: anywhere;
  }
  .link code,
  .description,
  .notice,
  .note {
    color: var(--_muted);
    font-size: 12px;
    margin: 4px 0 0;
  }
  .download {
    display: inline-block;
    margin-top: 6px;
  }
`;
