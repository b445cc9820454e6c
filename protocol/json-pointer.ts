// JSON Pointers (RFC 6901): the server names the field a validation error is about with one, and the page finds that
// field by it. Both escape and unescape here, so a key with `/` or `~` reads the same on both sides.

/** A path into a JSON value: object keys and array indexes. */
export type JsonPath = readonly (string | number)[];

/** One reference token, escaped: `~` → `~0`, `/` → `~1` (in that order, so `~1` in a key stays itself). */
export function escapePointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The pointer of a path: `['a', 0, 'b/c']` → `/a/0/b~1c`; the root is `''`. */
export function toPointer(path: JsonPath): string {
  return path.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** The tokens of a pointer, unescaped; a pointer that does not start with `/` (other than `''`) is rejected. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Whether `pointer` is `ancestor` or lies inside it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}
