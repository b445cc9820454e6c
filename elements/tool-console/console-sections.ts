// The console's equal sections, Tools | Resources | Prompts, as ARIA tabs above the sidebar: only those the backend
// offers (the `offers` attribute), Tools first. A tools-only backend gets no tab list at all, so its console looks as
// it always did. Resources and Prompts are drawn by the catalog section, loaded on first opening (the first load of
// the page needs only the tools).
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ToolApi } from '../api.js';
import type { CatalogSection } from '../catalog-section/catalog-section.js';
import { currentScheme, type ColorScheme } from '../display/icons.js';
import type { Offer } from './console-attributes.js';
import { keyOf, linkHash, linkOfKey, sectionOf, type DeepLink, type Section } from './deep-link.js';
import { describeFailure, renderFailure } from './failure-notice.js';
import type { ToolWatch } from './tool-watch.js';

/** Loads the Resources and Prompts sections (the lists, and the views of a resource, template and prompt). */
const loadCatalogSection = () => import('../catalog-section/catalog-section.js');

/** What the sections need of their console. */
export interface SectionsHost extends ReactiveControllerHost {
  renderRoot: ParentNode;
  offers: Offer[];
  /** The selected tool, whose link the Tools tab shows again. */
  selected: string;
}

/**
 * Which section is open, what is picked in Resources and in Prompts, and the colour scheme the icons follow. Picking
 * writes the item's deep link to the URL (a new history entry, so back returns to what was open before); the
 * console hands the links it reads (`#resource=`, `#template=`, `#prompt=`) to `follow`.
 */
export class ConsoleSections implements ReactiveController {
  open: Section = 'tools';
  /** The picked item's key in each catalog section (`resource=<uri>`, `template=<uriTemplate>`, `prompt=<name>`). */
  picks: Record<'resources' | 'prompts', string> = { resources: '', prompts: '' };
  scheme: ColorScheme = currentScheme();
  private catalog: CatalogSection | undefined;
  private loading: Promise<void> | undefined;
  private loadError: unknown;
  private readonly dark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

  constructor(
    private readonly host: SectionsHost,
    private readonly watch: ToolWatch,
    private readonly api: () => ToolApi,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.dark?.addEventListener('change', this.handleSchemeChange);
  }

  hostDisconnected(): void {
    this.dark?.removeEventListener('change', this.handleSchemeChange);
  }

  /** The sections the backend offers, Tools first. */
  get offered(): Section[] {
    return sectionsOffered(this.host.offers);
  }

  /** The open section, if the backend offers it (else Tools). */
  get shown(): Section {
    return this.offered.includes(this.open) ? this.open : 'tools';
  }

  /** Opens what a link names (not a tool: the console keeps those); nothing for a section not offered. */
  follow(link: DeepLink): void {
    const section = sectionOf(link.kind);
    if (section === 'tools') return;
    this.open = section;
    this.picks = { ...this.picks, [section]: keyOf(link) };
    this.host.requestUpdate();
  }

  /** Opens a section (the tab's click or key), writing the link of what it has picked to the URL. */
  select(section: Section): void {
    if (section === this.shown) return;
    this.open = section;
    const key = section === 'tools' ? (this.host.selected ? `tool=${this.host.selected}` : '') : this.picks[section];
    const link = linkOfKey(key);
    history.pushState({ section }, '', link ? linkHash(link) : `${location.pathname}${location.search}`);
    this.host.requestUpdate();
  }

  /** Opens the section a history entry without a link was in: a tab opened with nothing picked (yet). */
  restore(state: unknown): void {
    const section = (state as { section?: unknown } | null)?.section;
    if (section === 'tools') this.open = section;
    else if (section === 'resources' || section === 'prompts') {
      this.open = section;
      this.picks = { ...this.picks, [section]: '' };
    }
  }

  renderTabs() {
    return renderSectionTabs(this.offered, this.shown, (section) => this.select(section));
  }

  /** The open catalog section's list; loads the section the first time. */
  renderList(section: 'resources' | 'prompts') {
    const catalog = this.loaded();
    if (!catalog) return this.renderLoading(section);
    return catalog.renderList(section, this.picks[section], (key) => this.pick(section, key));
  }

  renderDetail(section: 'resources' | 'prompts') {
    return this.loaded()?.renderDetail(section, this.picks[section]) ?? nothing;
  }

  private pick(section: 'resources' | 'prompts', key: string): void {
    this.picks = { ...this.picks, [section]: key };
    const link = linkOfKey(key);
    if (link && location.hash !== linkHash(link)) history.pushState({ section }, '', linkHash(link));
    this.host.requestUpdate();
  }

  private renderLoading(section: 'resources' | 'prompts') {
    if (this.loadError !== undefined) {
      return renderFailure(describeFailure(this.loadError, `Loading the ${section} section`), () => {
        this.loadError = undefined;
        this.loading = undefined;
        this.host.requestUpdate();
      });
    }
    return html`<p class="notice" part="notice" role="status">Loading ${section}…</p>`;
  }

  /** The catalog section once its module is here; asks for it the first time. */
  private loaded(): CatalogSection | undefined {
    if (this.catalog || this.loadError !== undefined) return this.catalog;
    this.loading ??= loadCatalogSection().then(
      ({ CatalogSection }) => {
        const context = () => ({ api: this.api(), offers: this.host.offers, scheme: this.scheme });
        this.catalog = new CatalogSection(this.host, this.watch, context);
        this.host.requestUpdate();
      },
      (error: unknown) => {
        this.loadError = error;
        this.host.requestUpdate();
      },
    );
    return undefined;
  }

  private readonly handleSchemeChange = (): void => {
    this.scheme = currentScheme();
    this.host.requestUpdate();
  };
}

const TITLES: Record<Section, string> = { tools: 'Tools', resources: 'Resources', prompts: 'Prompts' };

/** The sections a backend offering `offers` has, in their order. */
export function sectionsOffered(offers: readonly Offer[]): Section[] {
  return [
    'tools',
    ...(offers.includes('resources') ? (['resources'] as const) : []),
    ...(offers.includes('prompts') ? (['prompts'] as const) : []),
  ];
}

export const sectionTitle = (section: Section) => TITLES[section];

/**
 * The tab list, or nothing for a single section. Arrow keys, Home and End move between tabs and open the one they
 * reach (tabs whose panels show at once need no second key); only the open tab is in the Tab order.
 */
export function renderSectionTabs(sections: readonly Section[], open: Section, select: (section: Section) => void) {
  if (sections.length < 2) return nothing;
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
    queueMicrotask(() => tablist.querySelector<HTMLElement>(`#tab-${next}`)?.focus());
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

export const sectionStyles = css`
  .tabs {
    display: flex;
    gap: 2px;
    padding: 8px 8px 0;
    border-bottom: 1px solid var(--_border);
  }
  [role='tab'] {
    flex: 1;
    font: inherit;
    font-size: 13px;
    color: var(--_muted);
    background: none;
    border: 0;
    border-bottom: 2px solid transparent;
    padding: 6px 8px;
    cursor: pointer;
  }
  [role='tab']:hover {
    color: var(--_fg);
  }
  [role='tab'][aria-selected='true'] {
    color: var(--_fg);
    font-weight: 600;
    border-bottom-color: var(--_accent);
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
