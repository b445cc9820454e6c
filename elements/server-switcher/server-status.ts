// A configured server's state as a person reads it in the switcher's list: words for every state (the mark beside
// them is decoration), the tool count once ready, and the doctor's sentence for a failure. A server waiting for the
// user to authorize it (OAuth) says that instead: it waits for them, not for itself.
import type { ConfiguredServerSummary } from '../../protocol/index.js';

/** "Not started", "Connecting…", "Ready · 12 tools", "Failed"; "Needs authorization" while it waits for the user. */
export function statusWords(server: ConfiguredServerSummary): string {
  if (server.authorization) return 'Needs authorization';
  switch (server.status) {
    case 'idle':
      return 'Not started';
    case 'connecting':
      return 'Connecting…';
    case 'ready':
      return server.tools === undefined ? 'Ready' : `Ready · ${server.tools} ${server.tools === 1 ? 'tool' : 'tools'}`;
    case 'failed':
      return 'Failed';
  }
}
