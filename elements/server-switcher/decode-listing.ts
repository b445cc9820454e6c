// The page's reader of `GET servers` (protocol/servers.ts): what the switcher draws comes from the console's own
// server, but it is read as any answer is, field by field, so a listing of another shape shows as "not a server list"
// instead of breaking the page. Names, titles and sentences stay text; the switcher never parses them as HTML.
import {
  decodeDiagnosis,
  isPlainObject,
  type ConfiguredServerStatus,
  type ConfiguredServerSummary,
  type ServerListing,
} from '../../protocol/index.js';

const STATUSES: ReadonlySet<string> = new Set<ConfiguredServerStatus>(['idle', 'connecting', 'ready', 'failed']);

/** One server of the listing, or undefined without a name, a path and a known status. */
function decodeServer(data: unknown): ConfiguredServerSummary | undefined {
  if (!isPlainObject(data) || typeof data.name !== 'string' || typeof data.path !== 'string') return undefined;
  if (!STATUSES.has(data.status as string)) return undefined;
  const server: ConfiguredServerSummary = {
    name: data.name,
    path: data.path,
    status: data.status as ConfiguredServerStatus,
    target: typeof data.target === 'string' ? data.target : '',
  };
  if (typeof data.title === 'string') server.title = data.title;
  if (Array.isArray(data.icons)) server.icons = data.icons;
  if (Number.isInteger(data.tools) && (data.tools as number) >= 0) server.tools = data.tools as number;
  const diagnosis = decodeDiagnosis(data.diagnosis);
  if (diagnosis) server.diagnosis = diagnosis;
  // Kept as text: the switcher decides whether it may become a link (only http and https).
  if (isPlainObject(data.authorization) && typeof data.authorization.url === 'string') {
    server.authorization = { url: data.authorization.url };
  }
  return server;
}

/** The body of `GET servers`, or undefined when it is not a listing; entries that are not servers are dropped. */
export function decodeServerListing(data: unknown): ServerListing | undefined {
  if (!isPlainObject(data) || !Array.isArray(data.servers)) return undefined;
  const servers = data.servers.map(decodeServer).filter((server) => server !== undefined);
  return { configFile: typeof data.configFile === 'string' ? data.configFile : '', servers };
}
