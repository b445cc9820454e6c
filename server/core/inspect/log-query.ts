// What a reader of the protocol log asks for in the query string of `GET /server/log`: the entries past one it
// holds (`after`), one method's (`method`), one direction's (`direction`), and the whole as a file (`download=1`).
import type { ProtocolDirection, ProtocolEntry } from '../../../protocol/index.js';
import { HttpError } from '../http/http-error.js';

export interface LogQuery {
  /** Only entries whose `seq` is greater. */
  after?: number;
  method?: string;
  direction?: ProtocolDirection;
  /** Answer as an attachment (the page's Export). */
  download: boolean;
}

/** The query of `url`; 400 for a value the log cannot be filtered by. */
export function logQueryOf(url: string): LogQuery {
  const mark = url.indexOf('?');
  // Stryker disable next-line StringLiteral: any text without `=` or `&` is as empty a query as ''
  const params = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
  const query: LogQuery = { download: params.get('download') === '1' };
  const after = params.get('after');
  if (after !== null) {
    if (!/^\d{1,15}$/.test(after)) {
      throw new HttpError(400, `after must be the seq of an entry (a whole number), got "${after.slice(0, 40)}".`);
    }
    query.after = Number(after);
  }
  const method = params.get('method');
  if (method !== null && method !== '') query.method = method;
  const direction = params.get('direction');
  if (direction !== null && direction !== '') {
    if (direction !== 'sent' && direction !== 'received') {
      throw new HttpError(400, `direction must be "sent" or "received", got "${direction.slice(0, 40)}".`);
    }
    query.direction = direction;
  }
  return query;
}

/** Whether `entry` is one the query asks for. */
export function matchesQuery(entry: ProtocolEntry, query: LogQuery): boolean {
  return (
    (query.after === undefined || entry.seq > query.after) &&
    (query.method === undefined || entry.method === query.method) &&
    (query.direction === undefined || entry.direction === query.direction)
  );
}
