// `format: date-time` ↔ `<input type="datetime-local">`. The input knows no time zone, so what it shows is the
// local wall-clock time and what is sent carries the local offset (RFC 3339 needs one): what you pick is what you send.

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

function pad(value: number, width = 2): string {
  return String(Math.abs(value)).padStart(width, '0');
}

function localInputText(date: Date): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The input's text for a date-time value; undefined when the value cannot be shown by the input (keep it as text). */
export function dateTimeInputText(value: unknown): string | undefined {
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string') return undefined;
  const local = LOCAL.exec(value);
  // The input keeps whole seconds at most: a fraction is dropped.
  if (local) return `${local[1]}T${local[2]}${local[3] ?? ''}`;
  if (!ZONED.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : localInputText(date);
}

/** The RFC 3339 value for what the input holds (`2024-05-01T10:00`), with the local offset of that moment. */
export function dateTimeValue(inputText: string): string {
  const match = LOCAL.exec(inputText);
  if (!match) return inputText;
  const date = new Date(inputText);
  if (Number.isNaN(date.getTime())) return inputText;
  const offset = -date.getTimezoneOffset();
  const zone = offset === 0 ? 'Z' : `${offset > 0 ? '+' : '-'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${match[1]}T${match[2]}${match[3] ?? ':00'}${zone}`;
}
