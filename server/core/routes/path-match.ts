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
  readonly pattern: RegExp;
  /** The placeholder each of `pattern`'s groups fills, in order. */
  readonly params: readonly Param[];
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

const ALLOW = { GET: 'GET, HEAD, OPTIONS', POST: 'POST, OPTIONS' } as const;

export function decodeSegment(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the URL.');
  }
}

// `.` and `..` come as `%FF.` and `%FF..`: URL parsers remove dot segments (see elements/lib/tool-segment.ts).
const DOT_NAME = /^%ff(\.|%2e){1,2}$/i;

/** The tool name a path segment spells: percent-decoded, with `%FF.` and `%FF..` standing for `.` and `..`. */
function toolName(segment: string): string {
  const dotName = segment.charCodeAt(0) === 37 /* % */ && DOT_NAME.test(segment);
  return decodeSegment(dotName ? segment.slice(3) : segment);
}

/** `pattern` (the route table's syntax) as a regular expression, and the placeholders its groups fill. */
function compilePattern(path: string): { pattern: RegExp; params: Param[] } {
  const params: Param[] = [];
  const optionalSlash = path.endsWith('/?');
  const fixed = optionalSlash ? path.slice(0, -2) : path;
  const source = fixed.replace(/\{(name|id|file)(\*?)\}|[^{]+/g, (part, param: Param | undefined, rest: string) => {
    if (param === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    params.push(param);
    return rest === '*' ? '([\\s\\S]*)' : '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}${optionalSlash ? '/?' : ''}$`), params };
}

/** The route table, compiled once, with each row's handler taken from `handlers`. */
export class RouteTable {
  readonly #routes: Route[];

  constructor(rows: readonly RouteRow[], handlers: RouteHandlers) {
    this.#routes = rows.map((row) => {
      const handler = handlers[row.handler as keyof RouteHandlers];
      return {
        method: row.method,
        allow: ALLOW[row.method],
        handle: handler.bind(handlers),
        ...compilePattern(row.path),
      };
    });
  }

  /** The route for `path` (as returned by `pathBelow`) with its placeholders decoded, or undefined for an unknown path. */
  match(path: string): RouteMatch | undefined {
    for (const route of this.#routes) {
      const found = route.pattern.exec(path);
      if (found === null) continue;
      let name = '';
      let id = '';
      let file = '';
      for (let index = 0; index < route.params.length; index++) {
        const text = found[index + 1]!;
        const param = route.params[index];
        if (param === 'name') name = toolName(text);
        else if (param === 'id') id = decodeSegment(text);
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
