// The console's equal sections, Tools | Resources | Prompts, as ARIA tabs above the sidebar: only those the backend
// offers (the `offers` attribute), Tools first. A tools-only backend gets no tab list at all, so its console looks as
// it always did. The tabs and the Resources and Prompts sections load as one script when the backend offers them
// (`catalog-section/`); the page's first load carries only this, and a link read before that script is here, followed
// once it is.
import type { ReactiveControllerHost } from 'lit';
import type { ToolApi } from '../api.js';
import type { SectionNavigation } from '../catalog-section/section-navigation.js';
import { describeFailure, renderFailure } from './failure-notice.js';
import type { ToolWatch } from './tool-watch.js';

/** What the sections need of their console. */
export interface SectionsHost extends ReactiveControllerHost {
  renderRoot: HTMLElement | DocumentFragment;
  /** The `offers` attribute: `resources prompts completions subscriptions`, or some of them. */
  offers: string;
  /** The selected tool, whose link the Tools tab shows again. */
  selected: string;
}

export class ConsoleSections {
  private navigation: SectionNavigation | undefined;
  private loading: Promise<void> | undefined;
  /** Why the sections' script could not be loaded. */
  private failure: string | undefined;

  constructor(
    private readonly host: SectionsHost,
    private readonly watch: ToolWatch,
    private readonly api: () => ToolApi,
  ) {}

  /** Opens what the URL names now (the sections read it themselves when they load). */
  follow(): void {
    this.navigation?.followUrl();
  }

  /**
   * The sidebar's content: `list` as it is for a tools-only backend, else under the tabs, once their script is here
   * (asked for on the first render), or why it is not.
   */
  renderSidebar(list: unknown) {
    if (!/\b(resources|prompts)\b/.test(this.host.offers)) return list;
    this.loading ??= import('../catalog-section/open-sections.js')
      .then(
        ({ openSections }) => void (this.navigation = openSections(this.host, this.watch, this.api)),
        (error: unknown) => void (this.failure = describeFailure(error, 'Loading the sections')),
      )
      .finally(() => this.host.requestUpdate());
    return this.failure
      ? renderFailure(this.failure, () => {
          this.failure = this.loading = undefined;
          this.host.requestUpdate();
        })
      : (this.navigation?.renderSidebar(list) ?? list);
  }

  /** The open catalog section's detail pane (Resources or Prompts); undefined when Tools is open. */
  renderDetail() {
    return this.navigation?.renderDetail();
  }

  /** The sidebar's name: the open section's. */
  get title(): string {
    return this.navigation?.title ?? 'Tools';
  }
}
