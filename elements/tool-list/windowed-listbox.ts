// The searchable, windowed, keyboard-operable listbox that <tool-list> and <catalog-list> both are: the search field,
// the scrolling list drawing only the rows in view, the active option the keyboard moves, and picking an option by
// click, Enter or Space. An element extends it and keeps what is its own: its rows, what a row shows, its count line
// and the event a pick fires.
// A base class rather than a ReactiveController: the same code as a controller reached its state through `this.host`
// and `this.options` and weighed about 100 bytes gzip more than this class in the page's first load, which has no
// room for them (test/budget/size.test.ts).
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { buildRows, movedActive, visibleRange, type Grouping, type RowModel } from './list-window.js';
import { matchIndexes, queryTerms, type SearchIndex } from './search.js';

// Fixed row heights (kept in step with the tool list's styles) let the list place any row without measuring the DOM.
const ROW_HEIGHTS = { group: 30, tool: 54 };

export abstract class WindowedListbox extends LitElement {
  /** The search text. */
  @property() query = '';

  @state() protected viewTop = 0;
  @state() protected viewportHeight = 600;
  /** Position in `model.toolRows` of the keyboard's active option, -1 for none. */
  @state() protected active = -1;

  @query('[role=listbox]') protected listbox!: HTMLElement;

  /** The rows of the items that match the search: set by `show` when the items or the search change. */
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: show() replaces it in the first update, before it is read
  protected model: RowModel = { rows: [], offsets: new Float64Array(1), toolRows: [] };
  /** Prefix of the options' ids (`t3`, `c3`), so `aria-activedescendant` names one option. */
  protected abstract idPrefix: string;
  // Stryker disable next-line ObjectLiteral: each render that draws the spacer sets it, and only then is it read
  private placement = { height: 0, top: 0 };
  private resizeObserver = new ResizeObserver(([entry]) => (this.viewportHeight = entry.contentRect.height));

  /** Whether the item (by its index) is the selected one: where the keyboard starts in the list. */
  protected abstract isSelected(item: number): boolean;
  /** The user picked the item: the element marks it selected and fires its event. */
  protected abstract pick(item: number): void;
  /** The rows [first, last) of the model: those in view. */
  protected abstract renderRows(first: number, last: number): unknown;

  override connectedCallback(): void {
    super.connectedCallback();
    // Observed again after a move in the page (a disconnect stops the observer): the rows keep filling the list.
    if (this.hasUpdated) this.resizeObserver.observe(this.listbox);
  }

  override firstUpdated(): void {
    this.resizeObserver.observe(this.listbox);
  }

  override updated(): void {
    // Placed through the CSSOM, not a style attribute: a strict CSP (style-src 'self') blocks style attributes,
    // and Lit's styleMap writes one on first render.
    // Both are drawn only while some item matches.
    const spacer = this.renderRoot.querySelector<HTMLElement>('.spacer');
    spacer?.style.setProperty('height', `${this.placement.height}px`);
    const rows = this.renderRoot.querySelector<HTMLElement>('.window');
    rows?.style.setProperty('transform', `translateY(${this.placement.top}px)`);
  }

  // Stryker disable next-line BlockStatement: a removed element's observer would only report it shrunk to nothing, and
  // observing it again on its return starts afresh; no caller can tell, short of the memory it keeps.
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver.disconnect();
  }

  /**
   * Shows the items of `search` that match the query, in `grouping`'s groups; the active option stays where it was, or
   * on the last one if it is gone. Search results come best first (see matchIndexes), and so does their group.
   */
  protected show(search: SearchIndex, grouping: Grouping): void {
    // Ranked results lead with the group of the best match; otherwise the groups keep their own order (the default).
    const groupOrder = queryTerms(this.query).length > 0 ? 'matches' : undefined;
    this.model = buildRows(matchIndexes(search, this.query), grouping, ROW_HEIGHTS, groupOrder);
    this.active = Math.min(this.active, this.model.toolRows.length - 1);
  }

  /** The id of the keyboard's active option, if any. */
  protected activeId(): string | undefined {
    const row = this.model.rows[this.model.toolRows[this.active]];
    return row ? this.idPrefix + row.value : undefined;
  }

  /**
   * The search field ("Search tools", searching `by` "name, title or description"), the count line ("3 of 40 tools"),
   * and the listbox named `label` ("Tools"), drawing the rows in view, or `empty` when it has none.
   */
  protected renderListbox(label: string, by: string, count: string, empty: string) {
    const { rows, offsets } = this.model;
    const search = `Search ${label.toLowerCase()}`;
    let window: TemplateResult = html`<p class="empty">${empty}</p>`;
    if (this.model.toolRows.length) {
      const [first, last] = visibleRange(offsets, this.viewTop, this.viewportHeight);
      this.placement = { height: offsets[rows.length], top: offsets[first] };
      window = html`<div class="spacer"><div class="window">${this.renderRows(first, last)}</div></div>`;
    }
    return html`<div class="search">
        <input
          type="search"
          part="search"
          placeholder=${search}
          aria-label=${`${search} by ${by}`}
          aria-controls="listbox"
          autocomplete="off"
          spellcheck="false"
          .value=${this.query}
          @input=${this.handleInput}
          @keydown=${this.handleSearchKey}
        />
      </div>
      <div class="count" part="count" role="status">${count}</div>
      <div
        id="listbox"
        role="listbox"
        part="listbox"
        tabindex="0"
        aria-label=${label}
        aria-activedescendant=${this.activeId() ?? nothing}
        @scroll=${this.handleScroll}
        @keydown=${this.handleListKey}
        @focus=${this.handleListFocus}
        @click=${this.handleClick}
      >
        ${window}
      </div>`;
  }

  private handleInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.listbox.scrollTop = this.viewTop = 0;
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
    const { rows, toolRows } = this.model;
    this.active = Math.max(
      0,
      toolRows.findIndex((row) => this.isSelected(rows[row].value)),
    );
    this.scrollToActive();
  }

  private handleScroll(): void {
    this.viewTop = this.listbox.scrollTop;
  }

  private handleListKey(event: KeyboardEvent): void {
    const count = this.model.toolRows.length;
    if (!count) return;
    const page = Math.max(1, Math.floor(this.viewportHeight / ROW_HEIGHTS.tool) - 1);
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
    const { rows, toolRows } = this.model;
    this.active = toolRows.findIndex((row) => rows[row].value === Number(option.dataset.index));
    this.select(this.active);
  }

  private select(position: number): void {
    this.pick(this.model.rows[this.model.toolRows[position]].value);
  }

  /** Scrolls the list just enough to show the active option (and its group header when it is the first). */
  private scrollToActive(): void {
    const { rows, offsets, toolRows } = this.model;
    const row = toolRows[this.active];
    if (row === undefined) return;
    const headerAbove = row > 0 && rows[row - 1].kind === 'group';
    const top = offsets[headerAbove ? row - 1 : row];
    const bottom = offsets[row + 1];
    const view = this.listbox;
    if (top < view.scrollTop) view.scrollTop = top;
    else if (bottom > view.scrollTop + view.clientHeight) view.scrollTop = bottom - view.clientHeight;
    this.viewTop = view.scrollTop;
  }
}
