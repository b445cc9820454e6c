// Grouping tools by namespace: the part of the name before the first `/` or `.` (`github/create_issue`,
// `fs.read`). A name with neither separator, or starting with one, has no namespace.

/** The namespace of a tool name, or '' for none. */
export function namespaceOf(name: string): string {
  const match = /^([^/.]+)[/.]./s.exec(name);
  return match ? match[1] : '';
}

export interface ToolGroup<T> {
  /** The namespace, '' for tools without one. */
  name: string;
  items: T[];
}

/**
 * Items grouped by the namespace of their name, groups in order of first appearance and items in their own order.
 * Tools without a namespace come first, in a group named ''.
 */
export function groupByNamespace<T>(items: readonly T[], nameOf: (item: T) => string): ToolGroup<T>[] {
  const groups = new Map<string, T[]>([['', []]]);
  for (const item of items) {
    const namespace = namespaceOf(nameOf(item));
    let group = groups.get(namespace);
    if (!group) groups.set(namespace, (group = []));
    group.push(item);
  }
  return [...groups].filter(([, group]) => group.length > 0).map(([name, group]) => ({ name, items: group }));
}
