// Maps a request path to one of the console's routes. Pure string work: no route decodes more than it must, and a
// malformed percent-encoding is a 400, never an exception on the request path.
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';

export type Route =
  | { kind: 'page'; baseHref: string | undefined }
  | { kind: 'asset'; path: string }
  | { kind: 'tools' }
  | { kind: 'read-resource' }
  | { kind: 'tool' | 'call' | 'validate'; name: string }
  | { kind: 'answer'; name: string; id: string };

const READ_METHODS = 'GET, HEAD, OPTIONS';
const WRITE_METHODS = 'POST, OPTIONS';

/** Whether a route is one that acts on a request body (and so must be guarded against foreign pages). */
export function isWriteRoute(route: Route): boolean {
  return (
    route.kind === 'call' || route.kind === 'validate' || route.kind === 'answer' || route.kind === 'read-resource'
  );
}

/** The methods a route answers, as an `Allow` header. */
export function allowedMethods(route: Route): string {
  return isWriteRoute(route) ? WRITE_METHODS : READ_METHODS;
}

export function decodeSegment(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the URL.');
  }
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
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

/**
 * `<base href>` for a page asked for without its trailing slash, so relative URLs resolve below it. Express strips
 * its mount path from `req.url` (`/explorer` arrives as `/`), so its `originalUrl` is asked as well.
 */
function pageBaseHref(request: ConsoleRequest, prefix: string, path: string): string | undefined {
  if (path === '') return `${lastSegment(prefix)}/`;
  const original = request.originalUrl;
  if (original === undefined || original === request.url) return undefined;
  const originalPath = original.split('?', 1)[0]!;
  return originalPath.endsWith('/') ? undefined : `${lastSegment(originalPath)}/`;
}

// `.` and `..` come as `%FF.` and `%FF..`: URL parsers remove dot segments (see elements/lib/tool-segment.ts).
const DOT_NAME = /^%ff(\.|%2e){1,2}$/i;

/** The tool name a path segment spells: percent-decoded, with `%FF.` and `%FF..` standing for `.` and `..`. */
function toolName(segment: string): string {
  const dotName = segment.charCodeAt(0) === 37 /* % */ && DOT_NAME.test(segment);
  return decodeSegment(dotName ? segment.slice(3) : segment);
}

function toolRoute(rest: string): Route | undefined {
  const slash = rest.indexOf('/');
  const segment = slash === -1 ? rest : rest.slice(0, slash);
  if (segment === '') return undefined;
  const action = slash === -1 ? '' : rest.slice(slash + 1);
  if (action.startsWith('requests/')) {
    const id = action.slice('requests/'.length);
    return id === '' || id.includes('/')
      ? undefined
      : { kind: 'answer', name: toolName(segment), id: decodeSegment(id) };
  }
  if (action !== '' && action !== 'call' && action !== 'validate') return undefined;
  return { kind: action === '' ? 'tool' : action, name: toolName(segment) };
}

/** The route for `path` (as returned by `pathBelow`), or undefined for an unknown path. */
export function matchRoute(request: ConsoleRequest, prefix: string, path: string): Route | undefined {
  if (path === '/tools') return { kind: 'tools' };
  if (path === '/resources/read') return { kind: 'read-resource' };
  if (path.startsWith('/tools/')) return toolRoute(path.slice(7));
  if (path === '' || path === '/') return { kind: 'page', baseHref: pageBaseHref(request, prefix, path) };
  if (path.startsWith('/assets/')) return { kind: 'asset', path: decodeSegment(path.slice(8)) };
  return undefined;
}
