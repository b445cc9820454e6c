// The searchable, windowed, keyboard-operable listbox that <tool-list> and <catalog-list> both are: the search field,
// the scrolling list drawing only the rows in view, the active option the keyboard moves, and picking an option by
// click, Enter or Space. The element keeps what is its own: its rows' model, what a row shows and what picking fires.
import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import { movedActive, visibleRange, type RowModel } from './list-window.js';

// Fixed row heights (kept in step with the tool list's styles) let the list place any row without measuring the DOM.
export const ROW_HEIGHTS = { group: 30, tool: 54 };

/** What a listbox's element gives it: its search text, and what an option (by its item's index) means to it. */
export interface ListboxHost extends ReactiveElement {
  query: string;
}

export interface ListboxOptions {
  /** Prefix of the options' ids (`t3`, `c3`): unique per element, so `aria-activedescendant` names one option. */
  idPrefix: string;
  /** Whether the item is the element's selected one (where the keyboard starts in the list). */
  isSelected(item: number): boolean;
  /** The user picked the item: the element marks it selected and fires its event. */
  select(item: number): void;
}

/** The words of a listbox: its search field's, its own (for screen readers), and what shows when it has no rows. */
export interface ListboxText {
  placeholder: string;
  searchLabel: string;
  label: string;
  empty: string;
}

export class WindowedListbox implements ReactiveController {
  /** The rows, as the element's `buildRows` made them. */
  model: RowModel = { rows: [], offsets: new Float64Array(1), toolRows: [] };
  viewTop = 0;
  viewportHeight = 600;
  /** Position in `model.toolRows` of the keyboard's active option, -1 for none. */
  active = -1;

  private placement = { height: 0, top: 0 };
  private observing = false;
  private resizeObserver = new ResizeObserver(([entry]) => {
    this.viewportHeight = entry.contentRect.height;
    this.host.requestUpdate();
  });

  constructor(
    private host: ListboxHost,
    private options: ListboxOptions,
  ) {
    host.addController(this);
  }

  /** New rows (new items or a new search); the active option stays where it was, or the last one if it is gone. */
  show(model: RowModel): void {
    this.model = model;
    this.active = Math.min(this.active, model.toolRows.length - 1);
  }

  /** The id of the keyboard's active option, if any. */
  activeId(): string | undefined {
    const row = this.model.rows[this.model.toolRows[this.active]];
    return row ? this.options.idPrefix + row.value : undefined;
  }

  hostConnected(): void {
    // Observed again after a move in the page (a disconnect stops the observer): the list keeps its height in step.
    if (this.listbox) this.resizeObserver.observe(this.listbox);
  }

  hostUpdated(): void {
    if (!this.observing) this.resizeObserver.observe(this.listbox!);
    this.observing = true;
    // Placed through the CSSOM, not a style attribute: a strict CSP (style-src 'self') blocks style attributes,
    // and Lit's styleMap writes one on first render.
    const spacer = this.host.renderRoot.querySelector<HTMLElement>('.spacer');
    spacer?.style.setProperty('height', `${this.placement.height}px`);
    spacer
      ?.querySelector<HTMLElement>('.window')
      ?.style.setProperty('transform', `translateY(${this.placement.top}px)`);
  }

  hostDisconnected(): void {
    this.resizeObserver.disconnect();
  }

  private get listbox(): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>('[role=listbox]') ?? null;
  }

  /**
   * The search field, `count` (the element's count line), and the listbox; `renderRows(first, last)` draws the rows
   * [first, last) of the model, those in view.
   */
  render(text: ListboxText, count: unknown, renderRows: (first: number, last: number) => unknown): TemplateResult {
    const { rows, offsets, toolRows } = this.model;
    let window: unknown = html`<p class="empty">${text.empty}</p>`;
    if (toolRows.length) {
      const [first, last] = visibleRange(offsets, this.viewTop, this.viewportHeight);
      this.placement = { height: offsets[rows.length], top: offsets[first] };
      window = html`<div class="spacer"><div class="window">${renderRows(first, last)}</div></div>`;
    }
    return html`
      <div class="search">
        <input
          type="search"
          part="search"
          placeholder=${text.placeholder}
          aria-label=${text.searchLabel}
          aria-controls="listbox"
          autocomplete="off"
          spellcheck="false"
          .value=${this.host.query}
          @input=${this.handleInput}
          @keydown=${this.handleSearchKey}
        />
      </div>
      ${count}
      <div
        id="listbox"
        role="listbox"
        part="listbox"
        tabindex="0"
        aria-label=${text.label}
        aria-activedescendant=${this.activeId() ?? nothing}
        @scroll=${this.handleScroll}
        @keydown=${this.handleListKey}
        @focus=${this.handleListFocus}
        @click=${this.handleClick}
      >
        ${window}
      </div>
    `;
  }

  // Handlers are arrow functions: Lit calls a listener with the host element as `this`, not this controller.
  private handleInput = (event: Event): void => {
    this.host.query = (event.target as HTMLInputElement).value;
    this.listbox!.scrollTop = this.viewTop = 0;
  };

  private handleSearchKey = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && this.model.toolRows.length)) {
      event.preventDefault();
      this.moveTo(0);
      this.listbox!.focus();
      if (event.key === 'Enter') this.select(0);
    }
  };

  private handleListFocus = (): void => {
    if (this.active >= 0) return;
    const { rows, toolRows } = this.model;
    this.moveTo(
      Math.max(
        0,
        toolRows.findIndex((row) => this.options.isSelected(rows[row].value)),
      ),
    );
    this.scrollToActive();
  };

  private handleScroll = (): void => {
    this.viewTop = this.listbox!.scrollTop;
    this.host.requestUpdate();
  };

  private handleListKey = (event: KeyboardEvent): void => {
    const count = this.model.toolRows.length;
    if (!count) return;
    const page = Math.max(1, Math.floor(this.viewportHeight / ROW_HEIGHTS.tool) - 1);
    const moved = movedActive(event.key, this.active, count, page);
    if (moved !== undefined) {
      event.preventDefault();
      this.moveTo(moved);
      this.scrollToActive();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.active >= 0) this.select(this.active);
    }
  };

  private handleClick = (event: Event): void => {
    const option = (event.target as Element).closest<HTMLElement>('[role=option]');
    if (!option) return;
    const { rows, toolRows } = this.model;
    const position = toolRows.findIndex((row) => rows[row].value === Number(option.dataset.index));
    this.moveTo(position);
    this.select(position);
  };

  private moveTo(position: number): void {
    this.active = position;
    this.host.requestUpdate();
  }

  private select(position: number): void {
    this.options.select(this.model.rows[this.model.toolRows[position]].value);
  }

  /** Scrolls the list just enough to show the active option (and its group header when it is the first). */
  private scrollToActive(): void {
    const { rows, offsets, toolRows } = this.model;
    const row = toolRows[this.active];
    if (row === undefined) return;
    const headerAbove = row > 0 && rows[row - 1].kind === 'group';
    const top = offsets[headerAbove ? row - 1 : row];
    const bottom = offsets[row + 1];
    const view = this.listbox!;
    if (top < view.scrollTop) view.scrollTop = top;
    else if (bottom > view.scrollTop + view.clientHeight) view.scrollTop = bottom - view.clientHeight;
    this.viewTop = view.scrollTop;
  }
}
