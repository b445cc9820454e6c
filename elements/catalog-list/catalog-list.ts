import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { renderIcon } from '../display/icons.js';
import { emit } from '../events.js';
import { buildRows, movedActive, visibleRange, type Grouping, type RowModel } from '../tool-list/list-window.js';
import { matchIndexes, queryTerms, searchIndex, type SearchIndex } from '../tool-list/search.js';
import { styles } from './catalog-list.styles.js';

// Fixed row heights (kept in step with the tool list's styles) let the list place any row without measuring the DOM.
const HEIGHTS = { group: 30, tool: 54 };

/** One entry of a <catalog-list>. */
export interface CatalogItem {
  /** Unique within the list; what `tool-catalog-select` names (the section uses the deep link: `resource=<uri>`). */
  key: string;
  name: string;
  /** Shown in place of the name when present. */
  title?: string;
  /** The second line: a URI, a URI template or a description. */
  secondary?: string;
  /** Searched, not shown. */
  description?: string;
  /** MCP icons, as the server gave them (only safe ones are shown). */
  icons?: unknown;
  /** Index in the list's `groups`. */
  group: number;
}

/** A group of a <catalog-list> and how its items are counted ("1 template", "2,500 resources"). */
export interface CatalogGroup {
  heading: string;
  one: string;
  many: string;
}

const count = (n: number, group: CatalogGroup) => `${n.toLocaleString('en-US')} ${n === 1 ? group.one : group.many}`;

/**
 * A searchable, keyboard-operable listbox of what a server offers besides tools (resources, resource templates,
 * prompts): each row an icon, a label (title or name) and a second line (URI or description). Search ranks like the
 * tool list's (name, then title, then the rest), and only the rows in view are drawn, so ten thousand items cost what
 * twenty do. Items may keep arriving (a list loaded page by page): `loading` says so under the count.
 *
 * @fires tool-catalog-select - The user picked an item (click, Enter or Space); `detail.key`.
 * @csspart search - The search field.
 * @csspart count - The count line ("2,500 resources, 3 templates").
 * @csspart listbox - The scrolling list.
 * @csspart group - A group header.
 * @csspart option - A row; `option selected` for the selected one.
 * @csspart selected - The selected row (it has `option` too).
 * @csspart icon - A row's icon.
 * @cssproperty --tool-list-height - Height of the list when the element has no height of its own.
 */
@customElement('catalog-list')
export class CatalogList extends LitElement {
  static override styles = styles;

  /** The entries, in the server's order within each group. */
  @property({ attribute: false }) items: CatalogItem[] = [];
  /** The groups the items belong to; headers show when there is more than one. */
  @property({ attribute: false }) groups: CatalogGroup[] = [{ heading: 'Items', one: 'item', many: 'items' }];
  /** The key of the selected item. */
  @property() selected = '';
  /** The search text. */
  @property() query = '';
  /** What the list is, for its search field and screen readers ("Resources"). */
  @property() label = 'Items';
  /** More items are on their way (the next pages of the list). */
  @property({ type: Boolean }) loading = false;

  @state() private viewTop = 0;
  @state() private viewportHeight = 600;
  /** Position in `model.toolRows` of the keyboard's active option, -1 for none. */
  @state() private active = -1;

  @query('[role=listbox]') private listbox!: HTMLElement;

  private search: SearchIndex = searchIndex([]);
  private grouping: Grouping = { names: [], of: new Int32Array(0), appGroup: -1 };
  private model: RowModel = buildRows([], this.grouping, HEIGHTS);
  private placement = { height: 0, top: 0 };
  private resizeObserver = new ResizeObserver(([entry]) => (this.viewportHeight = entry.contentRect.height));

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('items') || changed.has('groups')) {
      // Once per items array: everything a keystroke needs, so a keystroke only filters and renders rows in view.
      this.search = searchIndex(
        this.items.map((item) => ({
          name: item.name,
          title: item.title,
          description: `${item.secondary ?? ''} ${item.description ?? ''}`,
        })),
      );
      const of = Int32Array.from(this.items, (item) => item.group);
      // Only the groups that have items get a header: a server with resources and no templates shows a plain list.
      const used = new Set(of);
      const names = this.groups.map((group, i) => (used.has(i) ? group.heading : ''));
      this.grouping = {
        names: used.size > 1 ? names : [''],
        of: used.size > 1 ? of : new Int32Array(of.length),
        appGroup: -1,
      };
    }
    if (changed.has('items') || changed.has('groups') || changed.has('query')) {
      const groupOrder = queryTerms(this.query).length > 0 ? 'matches' : 'names';
      this.model = buildRows(matchIndexes(this.search, this.query), this.grouping, HEIGHTS, groupOrder);
      this.active = Math.min(this.active, this.model.toolRows.length - 1);
    }
  }

  override firstUpdated(): void {
    this.resizeObserver.observe(this.listbox);
  }

  override updated(): void {
    // Placed through the CSSOM, not a style attribute: a strict CSP (style-src 'self') blocks style attributes.
    const spacer = this.renderRoot.querySelector<HTMLElement>('.spacer');
    spacer?.style.setProperty('height', `${this.placement.height}px`);
    spacer
      ?.querySelector<HTMLElement>('.window')
      ?.style.setProperty('transform', `translateY(${this.placement.top}px)`);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver.disconnect();
  }

  override render() {
    const shown = this.model.toolRows.length;
    return html`
      <div class="search">
        <input
          type="search"
          part="search"
          placeholder=${`Search ${this.label.toLowerCase()}`}
          aria-label=${`Search ${this.label.toLowerCase()} by name, title, URI or description`}
          aria-controls="listbox"
          autocomplete="off"
          spellcheck="false"
          .value=${this.query}
          @input=${this.handleInput}
          @keydown=${this.handleSearchKey}
        />
      </div>
      <div class="count" part="count" role="status">${this.countText()}</div>
      <div
        id="listbox"
        role="listbox"
        part="listbox"
        tabindex="0"
        aria-label=${this.label}
        aria-activedescendant=${this.activeId() ?? nothing}
        @scroll=${this.handleScroll}
        @keydown=${this.handleListKey}
        @focus=${this.handleListFocus}
        @click=${this.handleClick}
      >
        ${
          shown
            ? this.renderWindow()
            : html`<p class="empty">${this.items.length ? 'Nothing matches your search.' : this.loading ? 'Loading…' : 'None.'}</p>`
        }
      </div>
    `;
  }

  /** "2,500 resources, 3 templates", or while searching "12 of 2,500 resources"; "loading more" while pages arrive. */
  private countText(): string {
    const totals = this.groups.map(() => 0);
    const matches = this.groups.map(() => 0);
    // Per render, over the matches and items: a few hundred microseconds at 10,000, small beside drawing the rows.
    for (const item of this.items) totals[item.group]++;
    const searching = this.model.toolRows.length !== this.items.length;
    for (const row of this.model.toolRows) matches[this.items[this.model.rows[row].value].group]++;
    const parts = this.groups.flatMap((group, i) => {
      if (totals[i] === 0 && !(i === 0 && this.items.length === 0)) return [];
      return [
        searching ? `${matches[i].toLocaleString('en-US')} of ${count(totals[i], group)}` : count(totals[i], group),
      ];
    });
    return `${parts.join(', ')}${this.loading ? ', loading more…' : ''}`;
  }

  private renderWindow() {
    const { rows, offsets } = this.model;
    const [first, last] = visibleRange(offsets, this.viewTop, this.viewportHeight);
    this.placement = { height: offsets[rows.length], top: offsets[first] };
    return html`<div class="spacer">
      <div class="window">${rows.slice(first, last).map((row) => this.renderRow(row.kind, row.value, row.group))}</div>
    </div>`;
  }

  private renderRow(kind: 'group' | 'tool', value: number, group: number) {
    if (kind === 'group') {
      return html`<div class="group" part="group" aria-hidden="true">
        <span class="ns">${this.groups[group]?.heading}</span><span class="n">${value}</span>
      </div>`;
    }
    const item = this.items[value];
    const selected = item.key === this.selected;
    const active = this.activeId() === `c${value}`;
    return html`<div
      id=${`c${value}`}
      role="option"
      part=${selected ? 'option selected' : 'option'}
      class=${`option${selected ? ' selected' : ''}${active ? ' active' : ''}`}
      aria-selected=${selected ? 'true' : 'false'}
      data-index=${value}
    >
      ${renderIcon(item.icons)}
      <div class="name">${item.title || item.name}</div>
      <div class="sub"><span class="text">${item.secondary ?? ''}</span></div>
    </div>`;
  }

  private activeId(): string | undefined {
    const row = this.model.rows[this.model.toolRows[this.active]];
    return row ? `c${row.value}` : undefined;
  }

  private handleInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.listbox.scrollTop = 0;
    this.viewTop = 0;
  }

  private handleSearchKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && this.model.toolRows.length)) {
      event.preventDefault();
      this.active = 0;
      this.listbox.focus();
      if (event.key === 'Enter') this.select(0);
    }
  }

  private handleListFocus(): void {
    if (this.active >= 0) return;
    const selectedRow = this.model.toolRows.findIndex(
      (row) => this.items[this.model.rows[row].value].key === this.selected,
    );
    this.active = Math.max(0, selectedRow);
    this.scrollToActive();
  }

  private handleScroll(): void {
    this.viewTop = this.listbox.scrollTop;
  }

  private handleListKey(event: KeyboardEvent): void {
    const count = this.model.toolRows.length;
    if (!count) return;
    const page = Math.max(1, Math.floor(this.viewportHeight / HEIGHTS.tool) - 1);
    const moved = movedActive(event.key, this.active, count, page);
    if (moved !== undefined) {
      event.preventDefault();
      this.active = moved;
      this.scrollToActive();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.active >= 0) this.select(this.active);
    }
  }

  private handleClick(event: Event): void {
    const option = (event.target as Element).closest<HTMLElement>('[role=option]');
    if (!option) return;
    const position = this.model.toolRows.findIndex(
      (row) => this.model.rows[row].value === Number(option.dataset.index),
    );
    this.active = position;
    this.select(position);
  }

  private select(position: number): void {
    const item = this.items[this.model.rows[this.model.toolRows[position]].value];
    this.selected = item.key;
    emit(this, 'tool-catalog-select', { key: item.key });
  }

  /** Scrolls the list just enough to show the active option (and its group header when it is the first). */
  private scrollToActive(): void {
    const row = this.model.toolRows[this.active];
    if (row === undefined) return;
    const headerAbove = row > 0 && this.model.rows[row - 1].kind === 'group';
    const top = this.model.offsets[headerAbove ? row - 1 : row];
    const bottom = this.model.offsets[row + 1];
    const view = this.listbox;
    if (top < view.scrollTop) view.scrollTop = top;
    else if (bottom > view.scrollTop + view.clientHeight) view.scrollTop = bottom - view.clientHeight;
    this.viewTop = view.scrollTop;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'catalog-list': CatalogList;
  }
}
