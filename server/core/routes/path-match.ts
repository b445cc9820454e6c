// Finds the route for a request path. Pure string work: each pattern of the route table is compiled once, no route
// decodes more than it must, and a malformed percent-encoding is a 400, never an exception on the request path.
import { HttpError } from '../http/http-error.js';
import type { RouteHandler, RouteHandlers, RouteRow } from './route-table.js';

/** A row of the route table, ready to match. */
export interface Route {
  readonly method: RouteRow['method'];
  /** The methods it answers, as an `Allow` header. */
  readonly allow: string;
  readonly handle: RouteHandler;
  /** Foreign origins refused whatever the method (RouteRow.originGuarded). */
  readonly originGuarded: boolean;
  /** The path pattern, parsed: literal text and placeholders, in order. */
  readonly parts: readonly PathPart[];
  /** Whether the path may end in one more `/` (a pattern's trailing `/?`). */
  readonly optionalSlash: boolean;
}

/** A path's route and what its placeholders stand for ('' where the route has none). */
export interface RouteMatch {
  readonly route: Route;
  /** The path below the mount point, as matched. */
  readonly path: string;
  readonly name: string;
  readonly id: string;
  readonly file: string;
}

type Param = 'name' | 'id' | 'file';

/** Literal text, one segment (`{name}`, `{id}`: at least one character, no `/`), or the rest (`{file*}`). */
// One shape for both kinds (`param` undefined for literal text), so the matcher's reads stay monomorphic.
interface PathPart {
  readonly literal: string;
  readonly param: Param | undefined;
  readonly rest: boolean;
}

const ALLOW = { GET: 'GET, HEAD, OPTIONS', POST: 'POST, OPTIONS' } as const;

export function decodeSegment(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the URL.');
  }
}

// `.` and `..` come as `%FF.` and `%FF..`: URL parsers remove dot segments (see elements/tool-segment.ts).
const DOT_NAME = /^%ff(\.|%2e){1,2}$/i;

/** The tool name a path segment spells: percent-decoded, with `%FF.` and `%FF..` standing for `.` and `..`. */
function toolName(segment: string): string {
  const dotName = segment.charCodeAt(0) === 37 /* % */ && DOT_NAME.test(segment);
  return decodeSegment(dotName ? segment.slice(3) : segment);
}

/** A path pattern of the route table, parsed once. */
function parsePattern(path: string): Pick<Route, 'parts' | 'optionalSlash'> {
  const optionalSlash = path.endsWith('/?');
  const fixed = optionalSlash ? path.slice(0, -2) : path;
  const parts = [...fixed.matchAll(/\{(name|id|file)(\*?)\}|[^{]+/g)].map(([text, param, star]): PathPart =>
    param === undefined
      ? { literal: text, param: undefined, rest: false }
      : { literal: '', param: param as Param, rest: star === '*' },
  );
  return { parts, optionalSlash };
}

/**
 * Whether `path` fits `route`, where each placeholder starts and ends left in `spans` (at twice its part's index).
 * Plain index work, no allocation: only the route that fits allocates (its decoded values and the match).
 */
function fits(route: Route, path: string, spans: Int32Array): boolean {
  const { parts } = route;
  let at = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (part.param === undefined) {
      if (!path.startsWith(part.literal, at)) return false;
      at += part.literal.length;
      continue;
    }
    let end = part.rest ? path.length : path.indexOf('/', at);
    if (end === -1) end = path.length;
    if (end === at && !part.rest) return false;
    spans[2 * index] = at;
    spans[2 * index + 1] = end;
    at = end;
  }
  // Done, or (for a pattern ending in `/?`) one `/` short of done.
  return at === path.length || (route.optionalSlash && at === path.length - 1 && path[at] === '/');
}

/** The route table, compiled once, with each row's handler taken from `handlers`. */
export class RouteTable {
  readonly #routes: Route[];
  // Matching runs to completion in one step, so one buffer serves every request.
  readonly #spans: Int32Array;

  constructor(rows: readonly RouteRow[], handlers: RouteHandlers) {
    this.#routes = rows.map((row) => {
      const handler = handlers[row.handler as keyof RouteHandlers];
      return {
        method: row.method,
        allow: ALLOW[row.method],
        handle: handler.bind(handlers),
        originGuarded: row.originGuarded === true,
        ...parsePattern(row.path),
      };
    });
    this.#spans = new Int32Array(2 * Math.max(...this.#routes.map((route) => route.parts.length)));
  }

  /** The route for `path` (as returned by `pathBelow`) with its placeholders decoded, or undefined for an unknown path. */
  match(path: string): RouteMatch | undefined {
    const spans = this.#spans;
    for (const route of this.#routes) {
      if (!fits(route, path, spans)) continue;
      let name = '';
      let id = '';
      let file = '';
      const { parts } = route;
      for (let index = 0; index < parts.length; index++) {
        const part = parts[index]!;
        if (part.param === undefined) continue;
        const text = path.slice(spans[2 * index], spans[2 * index + 1]);
        if (part.param === 'name') name = toolName(text);
        else if (part.param === 'id') id = decodeSegment(text);
        else file = decodeSegment(text);
      }
      return { route, path, name, id, file };
    }
    return undefined;
  }
}

/**
 * The path below the mount point ('' when the mount point itself was asked for without its slash), or undefined
 * when the request is not ours.
 */
export function pathBelow(prefix: string, url: string): string | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (prefix === '') return path;
  if (!path.startsWith(prefix)) return undefined;
  if (path.length === prefix.length) return '';
  return path.charCodeAt(prefix.length) === 47 /* / */ ? path.slice(prefix.length) : undefined;
}
