// Where <tool-console> starts its Resources and Prompts sections, once their script is loaded: the tabs' styles adopted
// beside the console's own, the catalog section and the navigation between sections made, and the URL followed as it
// is now (a link read before this script was here).
import { adoptStyles, type LitElement } from 'lit';
import type { ToolApi } from '../api.js';
import type { SectionsHost } from '../tool-console/console-sections.js';
import type { ToolWatch } from '../tool-console/tool-watch.js';
import { CatalogSection } from './catalog-section.js';
import { SectionNavigation } from './section-navigation.js';
import { sectionStyles } from './section-tabs.js';

export function openSections(host: SectionsHost, watch: ToolWatch, api: () => ToolApi): SectionNavigation {
  const element = host as unknown as LitElement;
  adoptStyles(element.renderRoot as ShadowRoot, [
    ...(element.constructor as typeof LitElement).elementStyles,
    sectionStyles,
  ]);
  const navigation = new SectionNavigation(host, new CatalogSection(host, watch, api));
  navigation.followUrl();
  return navigation;
}
