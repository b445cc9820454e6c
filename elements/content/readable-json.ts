// JSON for people: a result's media and blobs are base64 strings of any length, which no one reads and which make a
// view slow and long. Shown abbreviated, with their length; the Raw tab's Copy still copies the exact JSON.
import { prettyJson } from '../display/format.js';

const BASE64ISH = /^[A-Za-z0-9+/\r\n]+={0,2}$/;
const KEEP = 64;

/** `value` as indented JSON, with long `blob` strings and base64 `data` strings cut to their start and length. */
export function readableJson(value: unknown): string {
  return prettyJson(value, (key, field) =>
    typeof field === 'string' && field.length > KEEP && (key === 'blob' || (key === 'data' && BASE64ISH.test(field)))
      ? `${field.slice(0, 12)}… (${field.length.toLocaleString('en')} characters)`
      : field,
  );
}
