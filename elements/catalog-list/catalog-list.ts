import { html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { renderIcon } from '../display/icons.js';
import { emit } from '../events.js';
import type { Grouping } from '../tool-list/list-window.js';
import { searchIndex, type SearchIndex } from '../tool-list/search.js';
import { WindowedListbox } from '../tool-list/windowed-listbox.js';
import { styles } from './catalog-list.styles.js';

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
export class CatalogList extends WindowedListbox {
  static override styles = styles;

  /** The entries, in the server's order within each group. */
  @property({ attribute: false }) items: CatalogItem[] = [];
  /** The groups the items belong to; headers show when there is more than one. */
  @property({ attribute: false }) groups: CatalogGroup[] = [{ heading: 'Items', one: 'item', many: 'items' }];
  /** The key of the selected item. */
  // Stryker disable next-line StringLiteral: no item's key is empty ('resource=…', 'prompt=…'), so none matches either.
  @property() selected = '';
  /** What the list is, for its search field and screen readers ("Resources"). */
  @property() label = 'Items';
  /** More items are on their way (the next pages of the list). */
  @property({ type: Boolean }) loading = false;

  // Both set in the first willUpdate (the items are new then), before any render reads them.
  // Stryker disable next-line ArrayDeclaration: replaced before it is read
  private search: SearchIndex = searchIndex([]);
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration,UnaryOperator: replaced before it is read
  private grouping: Grouping = { names: [], of: new Int32Array(0), appGroup: -1 };
  protected idPrefix = 'c';

  protected isSelected(item: number): boolean {
    return this.items[item].key === this.selected;
  }

  protected pick(item: number): void {
    this.selected = this.items[item].key;
    emit(this, 'tool-catalog-select', { key: this.selected });
  }

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
      // The rows take only the number of names from here (more than one: headers) and each group's place in the
      // order; a header's heading is read from `groups` as it is drawn. Without headers, `of` is not read.
      const used = new Set(of);
      // Stryker disable next-line ArrowFunction,StringLiteral: the names' text is never read, only how many there are
      const names = this.groups.map((group, i) => (used.has(i) ? group.heading : ''));
      // Stryker disable next-line StringLiteral: the one name of a list without headers is never read
      this.grouping = { names: used.size > 1 ? names : [''], of, appGroup: -1 };
    }
    if (changed.has('items') || changed.has('groups') || changed.has('query')) {
      this.show(this.search, this.grouping);
    }
  }

  override render() {
    return this.renderListbox(
      this.label,
      'name, title, URI or description',
      this.countText(),
      this.items.length ? 'Nothing matches your search.' : this.loading ? 'Loading…' : 'None.',
    );
  }

  protected renderRows(first: number, last: number) {
    return this.model.rows.slice(first, last).map((row) => this.renderRow(row.kind, row.value, row.group));
  }

  /** "2,500 resources, 3 templates", or while searching "12 of 2,500 resources"; "loading more" while pages arrive. */
  private countText(): string {
    const totals = this.groups.map(() => 0);
    const matches = this.groups.map(() => 0);
    // Per render, over the matches and items: a few hundred microseconds at 10,000, small beside drawing the rows.
    for (const item of this.items) totals[item.group]++;
    const { rows, toolRows } = this.model;
    const searching = toolRows.length !== this.items.length;
    for (const row of toolRows) matches[this.items[rows[row].value].group]++;
    const parts = this.groups.flatMap((group, i) => {
      if (totals[i] === 0 && !(i === 0 && this.items.length === 0)) return [];
      return [
        searching ? `${matches[i].toLocaleString('en-US')} of ${count(totals[i], group)}` : count(totals[i], group),
      ];
    });
    return `${parts.join(', ')}${this.loading ? ', loading more…' : ''}`;
  }

  private renderRow(kind: 'group' | 'tool', value: number, group: number) {
    if (kind === 'group') {
      return html`<div class="group" part="group" aria-hidden="true">
        <span class="ns">${this.groups[group].heading}</span><span class="n">${value}</span>
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
}

declare global {
  interface HTMLElementTagNameMap {
    'catalog-list': CatalogList;
  }
}
