// Searching tools by name, title and description. The lowercase keys are built once per tools array, so a
// keystroke costs one `includes` per tool and no allocation per tool.

export interface Searchable {
  name: string;
  title?: string;
  description?: string;
}

/** One lowercase key per tool: name, title and description joined by a character no query contains. */
export function searchKeys(tools: readonly Searchable[]): string[] {
  return tools.map((tool) =>
    `${tool.name}\u0000${tool.title ?? ''}\u0000${typeof tool.description === 'string' ? tool.description : ''}`.toLowerCase(),
  );
}

/** The words of a query, lowercase; an empty array matches everything. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Indexes of the keys that contain every term of the query, in order. */
export function matchIndexes(keys: readonly string[], query: string): number[] {
  const terms = queryTerms(query);
  const matches: number[] = [];
  // Plain loops, no closure per key: this runs over every tool on every keystroke.
  outer: for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    for (let term = 0; term < terms.length; term++) if (!key.includes(terms[term])) continue outer;
    matches.push(index);
  }
  return matches;
}
