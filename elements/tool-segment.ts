// A tool name as one URL path segment. Percent-encoding keeps every name in one segment except `.` and `..`: those
// are dot segments, which every URL parser (browsers, fetch) removes, `%2E` spellings included, so `tools/..` would
// name the page. They travel behind `%FF` instead (`tools/%FF..`): no UTF-8 text starts with that byte, so such a
// path meant nothing before (400), and the server takes it for exactly these two names (server/router.ts).
const DOT_SEGMENT = /^\.\.?$/;

/** `name` percent-encoded as one path segment that URL parsing leaves as it is. */
export function toolSegment(name: string): string {
  return DOT_SEGMENT.test(name) ? `%FF${name}` : encodeURIComponent(name);
}
