// The bridge's `inspect`: what the console's `/server` routes read of one MCP connection. The state is the server
// controls' plus the doctor's diagnosis while the last attempt failed; the live events come from the protocol log
// (each message, and the dropped count when it grows), the stderr of every process, and the connection's
// open/drop/fail.
import type { ServerInspector, ServerWatcher } from '../core/inspect/server-inspector.js';
import type { ServerState } from '../../protocol/server-state.js';
import type { McpConnection } from './connection.js';
import { ServerControls } from './server-state.js';

export function mcpInspector(connection: McpConnection): ServerInspector {
  const controls = new ServerControls(connection);
  const state = (): ServerState => {
    const diagnosis = connection.diagnosis;
    return { ...controls.state(), ...(diagnosis && { diagnosis }) };
  };
  const log = connection.protocolLog;
  return {
    state,
    log: () => log.toJSON(),
    notifications: () => log.notifications(),
    watch(watcher: ServerWatcher) {
      let dropped = log.dropped;
      const stops = [
        log.subscribe((entry) => {
          watcher.entry(entry);
          if (log.dropped !== dropped) watcher.dropped((dropped = log.dropped));
        }),
        connection.followStderr((line) => watcher.stderr(line)),
        connection.followState(() => watcher.state(state())),
      ];
      return () => stops.forEach((stop) => stop());
    },
    setLogLevel: async (level) => {
      await controls.setLogLevel(level);
      return state();
    },
    ping: () => controls.ping(),
    reconnect: () => controls.reconnect().then(state),
    restart: () => controls.restart().then(state),
  };
}
