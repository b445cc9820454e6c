// A configured server's name as one URL path segment, as tool names travel (elements/tool-segment.ts): percent-encoded,
// with `.` and `..` behind `%FF`, since URL parsers remove dot segments (`%2E` spellings included).
import { decodeSegment } from '../../core/routes/path-match.js';

const DOT_NAME = /^\.\.?$/;
const DOT_SEGMENT = /^%ff(\.|%2e){1,2}$/i;

/** `name` as the one path segment its console lives under (`servers/<segment>/`). */
export function serverSegment(name: string): string {
  return DOT_NAME.test(name) ? `%FF${name}` : encodeURIComponent(name);
}

/** The name a path segment spells (any percent-encoding of it); a malformed encoding is a 400 HttpError. */
export function serverNameOf(segment: string): string {
  return decodeSegment(DOT_SEGMENT.test(segment) ? segment.slice(3) : segment);
}
