// A configured server's state as a person reads it in the switcher's list: words for every state (the mark beside
// them is decoration), the tool count once ready, and the doctor's sentence for a failure.
import type { ConfiguredServerSummary } from '../../protocol/index.js';

/** "Not started", "Connecting…", "Ready · 12 tools" or "Failed". */
export function statusWords(server: ConfiguredServerSummary): string {
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
