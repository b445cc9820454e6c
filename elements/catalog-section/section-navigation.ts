// Which section of <tool-console> is open (Tools | Resources | Prompts, only those offered) and what is picked in
// Resources and in Prompts. Picking writes the item's deep link to the URL as a new history entry, so back and forward
// walk through what was opened; switching tabs rewrites the entry in place (tabs are not pages), with the section in
// its state for a tab with nothing picked. Links read from the URL open what they name.
import { html, nothing, type TemplateResult } from 'lit';
import { offerWords } from './offers.js';
import { linkHash, linkOfKey, readLink, type DeepLink, type Section } from '../tool-console/deep-link.js';
import type { SectionsHost } from '../tool-console/console-sections.js';
import type { CatalogSection } from './catalog-section.js';
import { renderSectionTabs, TITLES } from './section-tabs.js';

type CatalogSectionName = 'resources' | 'prompts';

/** The section that shows a kind of link. */
const sectionOf = (kind: DeepLink['kind']): Section =>
  kind === 'tool' ? 'tools' : kind === 'prompt' ? 'prompts' : 'resources';

/** The sections a backend offering `offers` (the attribute) has, in their order. */
export function sectionsOffered(attribute: string): Section[] {
  const offers = offerWords(attribute);
  return [
    'tools',
    ...(offers.includes('resources') ? (['resources'] as const) : []),
    ...(offers.includes('prompts') ? (['prompts'] as const) : []),
  ];
}

export class SectionNavigation {
  // Stryker disable next-line StringLiteral: a section not offered shows as Tools
  open: Section = 'tools';
  /** The picked item's key in each catalog section (`resource=<uri>`, `template=<uriTemplate>`, `prompt=<name>`). */
  // Stryker disable next-line ObjectLiteral,StringLiteral: no item's key is missing or this text: nothing picked
  picks: Record<CatalogSectionName, string> = { resources: '', prompts: '' };

  constructor(
    private readonly host: SectionsHost,
    private readonly catalog: CatalogSection,
  ) {}

  get offered(): Section[] {
    return sectionsOffered(this.host.offers);
  }

  /** The open section, if the backend offers it (else Tools). */
  get shown(): Section {
    return this.offered.includes(this.open) ? this.open : 'tools';
  }

  /**
   * Opens what the URL names: a link's section and item, or, for a history entry without a link (a tab opened with
   * nothing picked), the section it was in, with nothing picked.
   */
  followUrl(): void {
    this.follow(readLink(location.hash), history.state);
  }

  private follow(link: DeepLink | null, state: unknown): void {
    if (link) {
      const section = sectionOf(link.kind);
      this.open = section;
      if (section !== 'tools') this.picks = { ...this.picks, [section]: `${link.kind}=${link.value}` };
    } else {
      const section = (state as { section?: unknown } | null)?.section;
      if (section === 'tools') this.open = section;
      else if (section === 'resources' || section === 'prompts') {
        this.open = section;
        // Stryker disable next-line StringLiteral: no item's key is this text: it reads as nothing picked
        this.picks = { ...this.picks, [section]: '' };
      }
    }
    this.host.requestUpdate();
  }

  /** The tabs over the open section's panel: the tool list (`toolList`), or the Resources or Prompts list. */
  renderSidebar(toolList: unknown) {
    const offered = this.offered;
    if (offered.length < 2) return toolList;
    const shown = this.shown;
    return html`${renderSectionTabs(offered, shown, (section) => this.select(section))}
      <div id="section-panel" class="section-panel" role="tabpanel" aria-labelledby=${`tab-${shown}`}>
        ${shown === 'tools' ? toolList : this.catalog.renderList(shown, this.picks[shown], (key) => this.pick(shown, key))}
      </div>`;
  }

  /** The open catalog section's detail pane; undefined when Tools is open. */
  renderDetail(): TemplateResult | typeof nothing | undefined {
    const shown = this.shown;
    return shown === 'tools' ? undefined : this.catalog.renderDetail(shown, this.picks[shown]);
  }

  get title(): string {
    return TITLES[this.shown];
  }

  /** Opens a section (its tab), putting the link of what it has picked (for Tools, the selected tool) in the URL. */
  private select(section: Section): void {
    if (section === this.shown) return;
    this.open = section;
    const key = section === 'tools' ? this.host.selected && `tool=${this.host.selected}` : this.picks[section];
    const link = linkOfKey(key);
    history.replaceState({ section }, '', link ? linkHash(link) : `${location.pathname}${location.search}`);
    this.host.requestUpdate();
  }

  private pick(section: CatalogSectionName, key: string): void {
    this.picks = { ...this.picks, [section]: key };
    // Every item's key is a link (`resource=<uri>`, …).
    const hash = linkHash(linkOfKey(key)!);
    // An entry with a link opens what it names, whatever its state says; browsers ignore the title.
    // Stryker disable next-line StringLiteral,ObjectLiteral: neither is read
    if (location.hash !== hash) history.pushState({ section }, '', hash);
    this.host.requestUpdate();
  }
}
