import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { ToolSummary } from '../api.js';
import { renderBadges } from '../display/badges.js';
import { renderIcon } from '../display/icons.js';
import { emit } from '../events.js';
import { buildRows, groupNames, movedActive, visibleRange, type Grouping, type RowModel } from './list-window.js';
import { markdownText } from '../markdown/markdown.js';
import { matchIndexes, queryTerms, searchIndex, type SearchIndex } from './search.js';
import { visibleTo } from '../tool-app/tool-ui.js';
import { styles } from './tool-list.styles.js';

// Fixed row heights (kept in step with the styles) let the list place any row without measuring the DOM.
const HEIGHTS = { group: 30, tool: 54 };

/**
 * Tool summaries with search, namespace groups and badges, as a keyboard-operable listbox. Search results come best
 * first: the exact name, names starting with the query, containing it, then titles, then descriptions. Tools meant
 * only for tool UIs (MCP Apps visibility without "model") come last, in a group of their own.
 * It renders only the rows in view, so ten thousand tools cost what twenty do.
 *
 * @fires tool-select - The user picked a tool (click, Enter or Space); `detail.name`.
 * @csspart search - The search field.
 * @csspart count - The "n of m tools" line.
 * @csspart listbox - The scrolling list.
 * @csspart group - A namespace header (or the "For tool UIs" one).
 * @csspart option - A tool row; `option selected` for the selected one.
 * @csspart selected - The selected tool's row (it has `option` too).
 * @csspart icon - A tool's icon, before its name.
 * @csspart badge - A badge (also `badge-ui`, `badge-app-only`, `badge-read-only`, `badge-destructive`, ...).
 * @cssproperty --tool-list-height - Height of the list when the element has no height of its own.
 */
@customElement('tool-list')
export class ToolList extends LitElement {
  static override styles = styles;

  /** The tools to list, as `GET /tools` answers. */
  @property({ attribute: false }) tools: ToolSummary[] = [];
  /** The name of the selected tool. */
  @property() selected = '';
  /** The search text. */
  @property() query = '';

  @state() private viewTop = 0;
  @state() private viewportHeight = 600;
  /** Position in `model.toolRows` of the keyboard's active option, -1 for none. */
  @state() private active = -1;

  @query('[role=listbox]') private listbox!: HTMLElement;

  private search: SearchIndex = searchIndex([]);
  private placement = { height: 0, top: 0 };
  private grouping: Grouping = groupNames([]);
  private model: RowModel = buildRows([], this.grouping, HEIGHTS);
  private resizeObserver = new ResizeObserver(([entry]) => (this.viewportHeight = entry.contentRect.height));

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('tools')) {
      // Once per tools array: everything a keystroke needs, so a keystroke only filters and renders rows in view.
      const tools = Array.isArray(this.tools) ? this.tools : [];
      this.search = searchIndex(tools);
      this.grouping = groupNames(
        tools.map((tool) => String(tool.name)),
        tools.map((tool) => !visibleTo(tool.ui, 'model')),
      );
    }
    if (changed.has('tools') || changed.has('query')) {
      // Search results come best first (see matchIndexes), and so does the group holding the best one.
      const groupOrder = queryTerms(this.query).length > 0 ? 'matches' : 'names';
      this.model = buildRows(matchIndexes(this.search, this.query), this.grouping, HEIGHTS, groupOrder);
      this.active = Math.min(this.active, this.model.toolRows.length - 1);
    }
  }

  override firstUpdated(): void {
    this.resizeObserver.observe(this.listbox);
  }

  override updated(): void {
    // Placed through the CSSOM, not a style attribute: a strict CSP (style-src 'self') blocks style attributes,
    // and Lit's styleMap writes one on first render.
    const spacer = this.renderRoot.querySelector<HTMLElement>('.spacer');
    const window = spacer?.querySelector<HTMLElement>('.window');
    spacer?.style.setProperty('height', `${this.placement.height}px`);
    window?.style.setProperty('transform', `translateY(${this.placement.top}px)`);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver.disconnect();
  }

  override render() {
    const total = this.tools.length;
    const shown = this.model.toolRows.length;
    return html`
      <div class="search">
        <input
          type="search"
          part="search"
          placeholder="Search tools"
          aria-label="Search tools by name, title or description"
          aria-controls="listbox"
          autocomplete="off"
          spellcheck="false"
          .value=${this.query}
          @input=${this.handleInput}
          @keydown=${this.handleSearchKey}
        />
      </div>
      <div class="count" part="count" role="status">
        ${shown === total ? `${total} ${total === 1 ? 'tool' : 'tools'}` : `${shown} of ${total} tools`}
      </div>
      <div
        id="listbox"
        role="listbox"
        part="listbox"
        tabindex="0"
        aria-label="Tools"
        aria-activedescendant=${this.activeId() ?? nothing}
        @scroll=${this.handleScroll}
        @keydown=${this.handleListKey}
        @focus=${this.handleListFocus}
        @click=${this.handleClick}
      >
        ${shown ? this.renderWindow() : html`<p class="empty">${total ? 'No tool matches your search.' : 'No tools.'}</p>`}
      </div>
    `;
  }

  private renderWindow() {
    const { rows, offsets } = this.model;
    const [first, last] = visibleRange(offsets, this.viewTop, this.viewportHeight);
    const segments: { group: number; from: number; to: number }[] = [];
    for (let i = first; i < last; i++) {
      const segment = segments.at(-1);
      if (segment && segment.group === rows[i].group) segment.to = i + 1;
      else segments.push({ group: rows[i].group, from: i, to: i + 1 });
    }
    const grouped = this.grouping.names.length > 1;
    this.placement = { height: offsets[rows.length], top: offsets[first] };
    return html`<div class="spacer">
      <div class="window">
        ${segments.map(({ group, from, to }) => {
          const options = rows.slice(from, to).map((row) => this.renderRow(row.kind, row.value, group));
          if (!grouped) return options;
          return html`<div role="group" aria-label=${this.groupName(group)}>${options}</div>`;
        })}
      </div>
    </div>`;
  }

  private renderRow(kind: 'group' | 'tool', value: number, group: number) {
    if (kind === 'group') {
      return html`<div class="group" part="group" aria-hidden="true">
        <span class=${this.grouping.names[group] ? 'ns' : 'ns other'}>${this.groupName(group)}</span
        ><span class="n">${value}</span>
      </div>`;
    }
    const tool = this.tools[value];
    const selected = tool.name === this.selected;
    const active = this.activeId() === `t${value}`;
    // Descriptions are often Markdown: a row shows their words, not their marks.
    const description = typeof tool.description === 'string' ? markdownText(tool.description) : '';
    const subtitle = [tool.title, description].filter((text) => typeof text === 'string' && text).join(' — ');
    return html`<div
      id=${`t${value}`}
      role="option"
      part=${selected ? 'option selected' : 'option'}
      class=${`option${selected ? ' selected' : ''}${active ? ' active' : ''}`}
      aria-selected=${selected ? 'true' : 'false'}
      data-index=${value}
    >
      <div class="name">${renderIcon(tool.icons)}${tool.name}</div>
      <div class="sub">${renderBadges(tool.annotations, tool.ui)}<span class="text">${subtitle}</span></div>
    </div>`;
  }

  /** A group's heading: its namespace; for the tools without one, "Tools" when the only other group is for UIs. */
  private groupName(group: number): string {
    const { names, appGroup } = this.grouping;
    return names[group] || (names.length === 2 && appGroup === 1 ? 'Tools' : 'Other tools');
  }

  private activeId(): string | undefined {
    const row = this.model.rows[this.model.toolRows[this.active]];
    return row ? `t${row.value}` : undefined;
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
      (row) => this.tools[this.model.rows[row].value].name === this.selected,
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
    const tool = this.tools[this.model.rows[this.model.toolRows[position]].value];
    this.selected = tool.name;
    emit(this, 'tool-select', { name: tool.name });
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
    'tool-list': ToolList;
  }
}
