// What an MCP server says about itself in its `initialize` answer (or, from 2026-07-28, its `server/discover` one), in the shape the console's `serverInfo` option
// takes: the documented string fields of its `serverInfo`, its icons the page may fetch (safeIcons), and its
// `instructions`.
import type { Client } from '@modelcontextprotocol/client';
import type { ServerInfo } from '../types.js';
import { safeIcons } from '../../protocol/icons.js';

const OPTIONAL_FIELDS = ['title', 'version', 'websiteUrl'] as const;

/** undefined when the client is not connected (or the server sent no name). */
export function serverInfoOf(client: Client): ServerInfo | undefined {
  const implementation = client.getServerVersion() as Record<string, unknown> | undefined;
  if (typeof implementation?.name !== 'string') return undefined;
  const info: ServerInfo = { name: implementation.name };
  for (const field of OPTIONAL_FIELDS) {
    const value = implementation[field];
    if (typeof value === 'string') info[field] = value;
  }
  const icons = safeIcons(implementation.icons);
  if (icons !== undefined) info.icons = icons;
  const instructions = client.getInstructions();
  if (typeof instructions === 'string') info.instructions = instructions;
  return info;
}
