// "Save call": the current arguments, a name and the expectations the user ticked, checked as the file they will be
// part of. Checking the whole collection with parseCollection gives the page the CLI's own messages, with their place
// (`calls/3/expect/0: pointer must start with /`), instead of a second set of rules.
import {
  formatProblem,
  jsonOrString,
  parseCollection,
  type CollectionFile,
  type Expectation,
  type SavedCall,
} from '../../protocol/collections.js';

/** What the Save call form holds. */
export interface SaveDraft {
  name: string;
  /** Expect `isError` false. */
  noError: boolean;
  /** Expect the result to match the tool's outputSchema. */
  outputSchema: boolean;
  /** A JSON Pointer into the result; empty: no pointer expectation. */
  pointer: string;
  how: 'equals' | 'matches';
  /** The value (JSON when it parses, a string otherwise) or the pattern. */
  value: string;
}

/** A name not yet taken in `collection`: the tool's, then the tool's with a number. */
export function freeName(collection: CollectionFile, tool: string): string {
  const taken = new Set(collection.calls.map((call) => call.name));
  if (!taken.has(tool)) return tool;
  let n = 2;
  while (taken.has(`${tool} ${n}`)) n++;
  return `${tool} ${n}`;
}

function expectationsOf(draft: SaveDraft): Expectation[] {
  const expect: Expectation[] = [];
  if (draft.noError) expect.push({ isError: false });
  if (draft.outputSchema) expect.push({ outputSchema: true });
  if (draft.pointer !== '')
    expect.push(
      draft.how === 'matches'
        ? { pointer: draft.pointer, matches: draft.value }
        : { pointer: draft.pointer, equals: jsonOrString(draft.value) },
    );
  return expect;
}

/**
 * The collection with the draft added as its last call, or the problems that stop it (each a line naming where).
 * Arguments that are not an object (the raw JSON view holds something else) are refused here too.
 */
export function addDraft(
  collection: CollectionFile,
  tool: string,
  args: unknown,
  draft: SaveDraft,
): { collection: CollectionFile } | { problems: string[] } {
  const call: SavedCall = { name: draft.name.trim(), tool, arguments: args as Record<string, unknown> };
  const expect = expectationsOf(draft);
  if (expect.length) call.expect = expect;
  const next: CollectionFile = { ...collection, calls: [...collection.calls, call] };
  const parsed = parseCollection(JSON.stringify(next));
  if (!parsed.ok) return { problems: parsed.problems.map(formatProblem) };
  return { collection: parsed.collection };
}
