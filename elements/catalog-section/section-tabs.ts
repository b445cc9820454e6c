// The tab list of <tool-console>'s sections, Tools | Resources | Prompts, loaded with the Resources and Prompts
// sections (a tools-only backend never shows it, and the page's first load does not carry it), with its styles, which
// the console adopts then.
import { css, html } from 'lit';
import { tabStyles } from '../tabs.styles.js';
import type { Section } from '../tool-console/deep-link.js';

export const TITLES: Record<Section, string> = { tools: 'Tools', resources: 'Resources', prompts: 'Prompts' };

/**
 * The tab list of two sections or more (a single section has none: the navigation shows no tabs then). Arrow keys,
 * Home and End move between tabs and open the one they reach (tabs whose panels show at once need no second key); only
 * the open tab is in the Tab order.
 */
export function renderSectionTabs(sections: readonly Section[], open: Section, select: (section: Section) => void) {
  const handleKeydown = (event: KeyboardEvent) => {
    const at = sections.indexOf(open);
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % sections.length,
      ArrowLeft: (at - 1 + sections.length) % sections.length,
      Home: 0,
      End: sections.length - 1,
    };
    if (!(event.key in to)) return;
    event.preventDefault();
    const next = sections[to[event.key]];
    select(next);
    const tablist = event.currentTarget as HTMLElement;
    // The tab is focused once drawn selected: it is the one in the Tab order then.
    queueMicrotask(() => tablist.querySelector<HTMLElement>(`#tab-${next}`)!.focus());
  };
  return html`<div class="tabs" part="tabs" role="tablist" aria-label="What the server offers" @keydown=${handleKeydown}>
    ${sections.map(
      (section) =>
        html`<button
          type="button"
          role="tab"
          id=${`tab-${section}`}
          part=${section === open ? 'tab selected' : 'tab'}
          aria-selected=${section === open ? 'true' : 'false'}
          aria-controls="section-panel"
          tabindex=${section === open ? '0' : '-1'}
          @click=${() => select(section)}
        >${TITLES[section]}</button>`,
    )}
  </div>`;
}

// One CSSResult, the shared tab look inside it: open-sections.ts adopts it beside the console's own styles.
export const sectionStyles = css`
  ${tabStyles}
  .tabs {
    display: flex;
    gap: 2px;
    padding: 8px 8px 0;
    border-bottom: 1px solid var(--_border);
  }
  [role='tab'] {
    flex: 1;
    padding: 6px 8px;
  }
  .section-panel {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  catalog-list {
    flex: 1;
  }
`;
