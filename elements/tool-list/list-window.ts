// The row model behind <tool-list>'s windowed rendering. Tools become rows (group headers and tools, each of a
// fixed height) with precomputed offsets, so the element renders only the rows inside the viewport and a keystroke
// costs work proportional to the matches, never a DOM node per tool.
import { namespaceOf } from './namespace.js';

export interface Grouping {
  /** Group names in display order: '' (no namespace) first, then by first appearance, then {@link APP_GROUP}. */
  names: string[];
  /** The group of each tool, by tool index. */
  of: Int32Array;
  /** The index of the group of tools meant only for tool UIs, always last; -1 when there are none. */
  appGroup: number;
}

/** The heading of the tools meant only for tool UIs (MCP Apps visibility without "model"). */
export const APP_GROUP = 'For tool UIs';

/**
 * Each name's namespace group; computed once per tools array. Tools flagged in `appOnly` go to one group of their own
 * at the end, whatever their namespace: they are the tools a person needs least.
 */
export function groupNames(names: readonly string[], appOnly: readonly boolean[] = []): Grouping {
  const index = new Map<string, number>([['', 0]]);
  const of = new Int32Array(names.length);
  const appTools: number[] = [];
  names.forEach((name, i) => {
    if (appOnly[i]) {
      appTools.push(i);
      return;
    }
    const namespace = namespaceOf(name);
    let group = index.get(namespace);
    if (group === undefined) index.set(namespace, (group = index.size));
    of[i] = group;
  });
  if (appTools.length === 0) return { names: [...index.keys()], of, appGroup: -1 };
  const appGroup = index.size;
  for (const tool of appTools) of[tool] = appGroup;
  return { names: [...index.keys(), APP_GROUP], of, appGroup };
}

export interface Row {
  /** A group header, or a tool (by its index in the tools array). */
  kind: 'group' | 'tool';
  /** The group's index in `Grouping.names`. */
  group: number;
  /** For a tool row, the tool's index; for a header, the number of matching tools in the group. */
  value: number;
}

export interface RowModel {
  rows: Row[];
  /** offsets[i] is the top of row i; offsets[rows.length] is the total height. */
  offsets: Float64Array;
  /** The row index of each matching tool, in display order: what keyboard navigation walks. */
  toolRows: number[];
}

export interface RowHeights {
  group: number;
  tool: number;
}

/**
 * Rows for the matching tools, grouped by namespace, the tools meant for tool UIs last. Headers appear only when the tools span more than one group
 * (a server without namespaces shows a plain list). Groups come in `Grouping.names` order, or, for `'matches'`
 * (ranked search results), in the order of their first match, so the best match leads the list.
 */
export function buildRows(
  matches: readonly number[],
  grouping: Grouping,
  heights: RowHeights,
  // Stryker disable next-line StringLiteral: any order but 'matches' is the names order, so no caller can tell.
  groupOrder: 'names' | 'matches' = 'names',
): RowModel {
  const grouped = grouping.names.length > 1;
  const buckets: number[][] = grouping.names.map(() => []);
  const groupsByFirstMatch: number[] = [];
  for (const tool of matches) {
    const group = grouped ? grouping.of[tool] : 0;
    if (buckets[group].length === 0) groupsByFirstMatch.push(group);
    buckets[group].push(tool);
  }
  const ordered = groupOrder === 'matches' ? groupsByFirstMatch : groupsByFirstMatch.sort((a, b) => a - b);
  // The tools meant for tool UIs stay last, even when one of them matches a search best.
  const groups = ordered.filter((group) => group !== grouping.appGroup);
  if (groups.length < ordered.length) groups.push(grouping.appGroup);
  const rows: Row[] = [];
  const toolRows: number[] = [];
  for (const group of groups) {
    const tools = buckets[group];
    if (grouped) rows.push({ kind: 'group', group, value: tools.length });
    for (const tool of tools) {
      toolRows.push(rows.length);
      rows.push({ kind: 'tool', group, value: tool });
    }
  }
  const offsets = new Float64Array(rows.length + 1);
  rows.forEach((row, i) => (offsets[i + 1] = offsets[i] + (row.kind === 'group' ? heights.group : heights.tool)));
  return { rows, offsets, toolRows };
}

/** The rows [first, last) that intersect the viewport, widened by `overscan` rows on each side. */
export function visibleRange(offsets: Float64Array, scrollTop: number, height: number, overscan = 4): [number, number] {
  const count = offsets.length - 1;
  if (count < 1) return [0, 0];
  // Binary search for the last row starting at or above scrollTop.
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid] <= scrollTop) low = mid;
    else high = mid - 1;
  }
  let last = low;
  while (last < count && offsets[last] < scrollTop + height) last++;
  return [Math.max(0, low - overscan), Math.min(count, last + overscan)];
}

/**
 * Where a listbox key moves the active option among `count` (arrows, Page Up/Down by `page`, Home/End), clamped to
 * the list; undefined for a key that does not move it.
 */
export function movedActive(key: string, active: number, count: number, page: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
  return key in moves ? Math.max(0, Math.min(count - 1, moves[key])) : undefined;
}
