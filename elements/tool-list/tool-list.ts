import { html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ToolSummary } from '../api.js';
import { renderBadges } from '../display/badges.js';
import { renderIcon } from '../display/icons.js';
import { emit } from '../events.js';
import { groupNames, type Grouping } from './list-window.js';
import { markdownText } from '../markdown/markdown.js';
import { searchIndex, type SearchIndex } from './search.js';
import { visibleTo } from '../tool-app/tool-ui.js';
import { styles } from './tool-list.styles.js';
import { WindowedListbox } from './windowed-listbox.js';

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
export class ToolList extends WindowedListbox {
  static override styles = styles;

  /** The tools to list, as `GET /tools` answers. */
  @property({ attribute: false }) tools: ToolSummary[] = [];
  /** The name of the selected tool. */
  // Stryker disable next-line StringLiteral: no tool is named '' (MCP names have 1 to 128 characters), so none matches
  @property() selected = '';

  // Both set in the first willUpdate (the tools are new then), before any render reads them.
  // Stryker disable next-line ArrayDeclaration: replaced before it is read
  private search: SearchIndex = searchIndex([]);
  // Stryker disable next-line ArrayDeclaration: replaced before it is read
  private grouping: Grouping = groupNames([]);
  protected idPrefix = 't';

  protected isSelected(item: number): boolean {
    return this.tools[item].name === this.selected;
  }

  protected pick(item: number): void {
    this.selected = this.tools[item].name;
    emit(this, 'tool-select', { name: this.selected });
  }

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
      this.show(this.search, this.grouping);
    }
  }

  override render() {
    // The index has a key per tool, and none while `tools` is no array (a page's binding before its data arrives).
    const total = this.search.keys.length;
    const shown = this.model.toolRows.length;
    return this.renderListbox(
      'Tools',
      'name, title or description',
      shown === total ? `${total} ${total === 1 ? 'tool' : 'tools'}` : `${shown} of ${total} tools`,
      total ? 'No tool matches your search.' : 'No tools.',
    );
  }

  /** The rows [first, last), those in view; with namespaces, each group's options in a `role=group` of its name. */
  protected renderRows(first: number, last: number) {
    const { rows } = this.model;
    const segments: { group: number; from: number; to: number }[] = [];
    for (let i = first; i < last; i++) {
      const segment = segments.at(-1);
      if (segment && segment.group === rows[i].group) segment.to = i + 1;
      else segments.push({ group: rows[i].group, from: i, to: i + 1 });
    }
    const grouped = this.grouping.names.length > 1;
    return segments.map(({ group, from, to }) => {
      const options = rows.slice(from, to).map((row) => this.renderRow(row.kind, row.value, group));
      if (!grouped) return options;
      return html`<div role="group" aria-label=${this.groupName(group)}>${options}</div>`;
    });
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
    // The group for UIs comes last, so at index 1 it is the only group beside the tools without a namespace.
    return names[group] || (appGroup === 1 ? 'Tools' : 'Other tools');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-list': ToolList;
  }
}
