// The Resources and Prompts sections of <tool-console>, loaded when one is first opened: their lists (paged in the
// background, reloaded when the server says they changed) and, in the detail pane, the view of what is picked
// (<resource-view>, <template-view>, <prompt-view>). A subscribed resource the server says changed is read again.
import { html, nothing, type ReactiveController } from 'lit';
import type { PromptSummary, ResourceSummary, ResourceTemplateSummary } from '../../protocol/index.js';
import type { ToolApi } from '../api.js';
import { CatalogApi } from '../catalog-api.js';
import '../catalog-list/catalog-list.js';
import type { CatalogItem } from '../catalog-list/catalog-list.js';
import { offerWords } from './offers.js';
import { linkOfKey } from '../tool-console/deep-link.js';
import { describeFailure, renderFailure } from '../tool-console/failure-notice.js';
import type { SectionsHost } from '../tool-console/console-sections.js';
import type { CatalogEvent, ToolWatch } from '../tool-console/tool-watch.js';
import { PROMPT_GROUPS, RESOURCE_GROUPS, promptItem, resourceItem, templateItem } from './catalog-items.js';
import { loadContentViews } from './content-views.js';
import { CursorPagedList } from './cursor-paged-list.js';

export type CatalogSectionName = 'resources' | 'prompts';

type Host = SectionsHost;

/**
 * A resource view, as far as the section calls it (the element is the content views'). Every one on screen is defined
 * and has its resource: the views are loaded before any is drawn, and each is drawn with the resource it shows.
 */
interface RefreshableView extends HTMLElement {
  resource: { uri: string };
  refresh(): unknown;
}

export class CatalogSection implements ReactiveController {
  private readonly resources: CursorPagedList<ResourceSummary>;
  private readonly templates: CursorPagedList<ResourceTemplateSummary>;
  private readonly prompts: CursorPagedList<PromptSummary>;
  /** The API the lists were loaded from: another one (the console's `src` changed) loads them again. */
  private loadedFrom: Partial<Record<CatalogSectionName, ToolApi>> = {};
  private catalog: CatalogApi | undefined;
  /**
   * The resources list with the templates after it, made again only when either changes (one array for the list while
   * it does not, so the list does not index its items again). Made by the first page of either, before it is drawn.
   */
  private resourceList!: CatalogItem[];
  /** The views of what is picked: asked for with the first pick, here, or why they could not be loaded. */
  private views: 'loading' | 'loaded' | { error: unknown } | undefined;

  constructor(
    private readonly host: Host,
    private readonly watch: ToolWatch,
    private readonly api: () => ToolApi,
  ) {
    const changed = () => host.requestUpdate();
    const resourcesChanged = () => {
      this.resourceList = this.resources.items.concat(this.templates.items);
      changed();
    };
    this.resources = new CursorPagedList(resourceItem, resourcesChanged);
    this.templates = new CursorPagedList(templateItem, resourcesChanged);
    this.prompts = new CursorPagedList(promptItem, changed);
    host.addController(this);
  }

  hostConnected(): void {
    this.watch.catalogListeners.add(this.handleCatalogEvent);
  }

  hostDisconnected(): void {
    this.watch.catalogListeners.delete(this.handleCatalogEvent);
    for (const list of [this.resources, this.templates, this.prompts]) list.stop();
    // Back on the page, the lists load again.
    this.loadedFrom = {};
  }

  /** The section's list in the sidebar, loading it on first sight. */
  renderList(section: CatalogSectionName, selected: string, select: (key: string) => void) {
    this.ensureLoaded(section);
    const [lists, what] =
      section === 'resources' ? [[this.resources, this.templates], 'resources'] : [[this.prompts], 'prompts'];
    if (lists.some((list) => list.status === 'first')) {
      return html`<p class="notice" part="notice" role="status">Loading ${what}…</p>`;
    }
    const failed = lists.find((list) => list.status === 'failed');
    if (failed) {
      const message = describeFailure(failed.error, `Loading the ${what} from ${this.catalogApi().url(what)}`);
      // Retry shows the list loading again at once, not the failure until the answer comes.
      return renderFailure(message, () => {
        this.load(section);
        this.host.requestUpdate();
      });
    }
    const items = section === 'resources' ? this.resourceList : this.prompts.items;
    return html`<catalog-list
      label=${section === 'resources' ? 'Resources' : 'Prompts'}
      .items=${items}
      .groups=${section === 'resources' ? RESOURCE_GROUPS : PROMPT_GROUPS}
      .selected=${selected}
      ?loading=${lists.some((list) => list.status === 'more')}
      @tool-catalog-select=${(event: CustomEvent<{ key: string }>) => select(event.detail.key)}
    ></catalog-list>`;
  }

  /** The picked resource, template or prompt in the detail pane; with nothing picked, what the section holds. */
  renderDetail(section: CatalogSectionName, selected: string) {
    const link = linkOfKey(selected);
    if (!link) return this.renderIntro(section);
    if (this.views !== 'loaded') return this.renderViewsLoading();
    const api = this.api();
    const offers = offerWords(this.host.offers);
    const catalog = this.catalogApi();
    const completions = offers.includes('completions');
    if (link.kind === 'resource') {
      // A resource need not be listed to be read: a link may name one the list has not reached, or a template made.
      const resource = this.resources.byKey.get(selected) ?? { uri: link.value, name: link.value };
      return html`<resource-view .api=${api} .catalog=${catalog} .resource=${resource}
        .subscribable=${offers.includes('subscriptions')}></resource-view>`;
    }
    if (link.kind === 'template') {
      const template = this.templates.byKey.get(selected) ?? { uriTemplate: link.value, name: link.value };
      return html`<template-view .api=${api} .catalog=${catalog} .template=${template}
        .completions=${completions}></template-view>`;
    }
    const prompt = this.prompts.byKey.get(selected);
    if (prompt)
      return html`<prompt-view .catalog=${catalog} .prompt=${prompt} .completions=${completions}></prompt-view>`;
    if (this.prompts.status === 'first' || this.prompts.status === 'more') {
      return html`<p class="notice" part="notice" role="status">Loading ${link.value}…</p>`;
    }
    return html`<div class="failure" part="notice" role="alert"><p>No prompt named “${link.value}” on this server.</p></div>`;
  }

  private renderViewsLoading() {
    if (this.views === undefined) {
      // Stryker disable next-line StringLiteral: any value but undefined says they were asked for; none reads it
      this.views = 'loading';
      loadContentViews()
        .then(
          () => void (this.views = 'loaded'),
          (error: unknown) => void (this.views = { error }),
        )
        .finally(() => this.host.requestUpdate());
    }
    if (typeof this.views === 'object') {
      return renderFailure(describeFailure(this.views.error, 'Loading the view'), () => {
        this.views = undefined;
        this.host.requestUpdate();
      });
    }
    return html`<p class="notice" part="notice" role="status">Loading…</p>`;
  }

  private renderIntro(section: CatalogSectionName) {
    const lists = section === 'resources' ? [this.resources, this.templates] : [this.prompts];
    // Only lists that came in whole say the server has none: not one still loading, nor one that failed.
    const empty = lists.every((list) => list.status === 'done' && list.items.length === 0);
    const noun = section === 'resources' ? 'resource' : 'prompt';
    return html`<div class="intro">
      <h2>${empty ? `No ${noun}s` : `Pick a ${noun}`}</h2>
      <p>
        ${
          empty
            ? `This server does not offer any ${noun}s.`
            : section === 'resources'
              ? 'Choose a resource on the left to read it, or a template to fill in its variables.'
              : 'Choose a prompt on the left, fill in its arguments and get its messages.'
        }
      </p>
    </div>`;
  }

  private catalogApi(): CatalogApi {
    const api = this.api();
    if (!this.catalog || this.catalogFor !== api) {
      this.catalog = new CatalogApi(api);
      this.catalogFor = api;
    }
    return this.catalog;
  }

  private catalogFor: ToolApi | undefined;

  private ensureLoaded(section: CatalogSectionName): void {
    if (this.loadedFrom[section] !== this.api()) this.load(section);
  }

  private load(section: CatalogSectionName): void {
    const catalog = this.catalogApi();
    this.loadedFrom[section] = this.api();
    if (section === 'resources') {
      this.resources.load(async (cursor, signal) => {
        const page = await catalog.listResources(cursor, signal);
        return { entries: page.resources, nextCursor: page.nextCursor };
      });
      this.templates.load(async (cursor, signal) => {
        const page = await catalog.listResourceTemplates(cursor, signal);
        return { entries: page.resourceTemplates, nextCursor: page.nextCursor };
      });
    } else {
      this.prompts.load(async (cursor, signal) => {
        const page = await catalog.listPrompts(cursor, signal);
        return { entries: page.prompts, nextCursor: page.nextCursor };
      });
    }
  }

  /** The watch stream's news: a list changed (load it again, if it was loaded), or a resource did (read it again). */
  private readonly handleCatalogEvent = (event: CatalogEvent): void => {
    if (event.type === 'resource-updated') {
      for (const view of this.resourceViews()) if (view.resource.uri === event.uri) void view.refresh();
      return;
    }
    const section = event.type === 'resources-changed' ? 'resources' : 'prompts';
    if (this.loadedFrom[section]) this.load(section);
  };

  /** The resource views on screen: the picked resource's, and the one a template view shows for its URI. */
  private resourceViews(): RefreshableView[] {
    const root = this.host.renderRoot;
    const nested = [...root.querySelectorAll('template-view')].flatMap((view) => [
      ...view.shadowRoot!.querySelectorAll<RefreshableView>('resource-view'),
    ]);
    return [...root.querySelectorAll<RefreshableView>('resource-view'), ...nested];
  }
}
