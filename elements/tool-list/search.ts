// Searching tools by name, title and description, best matches first. The lowercase keys are built once per tools
// array, so a keystroke costs one `indexOf` per tool and term, and no allocation per tool.

export interface Searchable {
  name: string;
  title?: string;
  description?: string;
}

/**
 * How well a tool matches, best first: what a person typed is most likely a name they know. For a query of several
 * words, a tool ranks by its weakest word (every word in the name beats one word found only in the description).
 */
const EXACT_NAME = 0;
const NAME_START = 1;
const IN_NAME = 2;
const IN_TITLE = 3;
const IN_DESCRIPTION = 4;

/**
 * What a keystroke searches, built once per tools array: one lowercase key per tool (name, title and description
 * joined by a character no query contains), and where each key's name and title end.
 */
export interface SearchIndex {
  keys: string[];
  nameEnds: Uint32Array;
  titleEnds: Uint32Array;
}

export function searchIndex(tools: readonly Searchable[]): SearchIndex {
  const keys: string[] = [];
  const nameEnds = new Uint32Array(tools.length);
  const titleEnds = new Uint32Array(tools.length);
  tools.forEach((tool, index) => {
    const title = typeof tool.title === 'string' ? tool.title : '';
    const description = typeof tool.description === 'string' ? tool.description : '';
    // Lowercased whole: toLowerCase returns one flat string, where a concatenation of lowercased parts would be a
    // rope that the first keystroke pays to flatten, 10,000 times over.
    const key = `${tool.name}\u0000${title}\u0000${description}`.toLowerCase();
    keys.push(key);
    nameEnds[index] = key.indexOf('\u0000');
    titleEnds[index] = key.indexOf('\u0000', nameEnds[index] + 1);
  });
  return { keys, nameEnds, titleEnds };
}

/** The words of a query, lowercase; an empty array matches everything. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().match(/\S+/g) ?? [];
}

/**
 * Indexes of the tools whose key contains every term of the query: the best rank first, the tools' own order within
 * a rank. An empty query matches everything, in order.
 */
export function matchIndexes(index: SearchIndex, query: string): number[] {
  const { keys, nameEnds, titleEnds } = index;
  const terms = queryTerms(query);
  // A multi-word name typed out in full ("run workflow") is an exact name too.
  const whole = terms.join(' ');
  // An empty query takes the same loop (every key matches, in order): it runs when the tools arrive, so the first
  // keystroke finds this code already warm.
  const byRank: number[][] = [[], [], [], [], []]; // one list per rank, EXACT_NAME to IN_DESCRIPTION
  // Plain loops, no closure or allocation per key: this runs over every tool on every keystroke.
  outer: for (let tool = 0; tool < keys.length; tool++) {
    const key = keys[tool];
    const nameEnd = nameEnds[tool];
    let rank = EXACT_NAME;
    for (let term = 0; term < terms.length; term++) {
      // The first occurrence decides: the fields come in rank order, so the earliest hit is the best one.
      const at = key.indexOf(terms[term]);
      if (at === -1) continue outer;
      const termRank =
        at === 0
          ? terms[term].length === nameEnd
            ? EXACT_NAME
            : NAME_START
          : at < nameEnd
            ? IN_NAME
            : at < titleEnds[tool]
              ? IN_TITLE
              : IN_DESCRIPTION;
      rank = Math.max(rank, termRank);
    }
    if (whole.length === nameEnd && key.startsWith(whole)) rank = EXACT_NAME;
    byRank[rank].push(tool);
  }
  // concat, not flat(): V8's flat() is several times slower on 10,000 numbers.
  return byRank[0].concat(byRank[1], byRank[2], byRank[3], byRank[4]);
}
