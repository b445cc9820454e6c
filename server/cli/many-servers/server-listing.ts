// `GET /servers`: what the server switcher shows of each configured server (protocol/servers.ts). Never starts a
// server: an idle one is listed as idle.
import { safeIcons } from '../../../protocol/icons.js';
import type { ConfiguredServerSummary, ServerListing } from '../../../protocol/servers.js';
import type { ServerEntry } from './server-entry.js';
import type { ServerSet } from './server-set.js';

/** How many tools a ready server offers: its cached list (the bridge lists again only after the server said so). */
async function toolCount(entry: ServerEntry): Promise<number | undefined> {
  try {
    const tools = await entry.bridge.options.tools();
    return tools.length;
  } catch {
    return undefined; // it failed since it was ready: the next listing says so
  }
}

async function summaryOf(entry: ServerEntry): Promise<ConfiguredServerSummary> {
  const status = entry.status;
  const summary: ConfiguredServerSummary = {
    name: entry.name,
    path: `servers/${entry.segment}/`,
    status,
    target: entry.target,
  };
  const bridge = entry.madeBridge;
  if (bridge === undefined) return summary;
  // The link the user is to open, while the server waits for them (its state, not its code, is in it).
  const authorization = entry.authorizationUrl;
  if (authorization) summary.authorization = { url: authorization.href };
  if (status === 'failed') {
    const diagnosis = bridge.inspector.state().diagnosis;
    if (diagnosis) summary.diagnosis = diagnosis;
  }
  const info = bridge.serverInfo;
  if (status === 'ready' && info) {
    summary.title = info.title || info.name;
    const icons = safeIcons(info.icons);
    if (icons?.length) summary.icons = icons;
    const tools = await toolCount(entry);
    if (tools !== undefined) summary.tools = tools;
  }
  return summary;
}

export async function serverListing(servers: ServerSet): Promise<ServerListing> {
  return { configFile: servers.file, servers: await Promise.all(servers.entries.map(summaryOf)) };
}
