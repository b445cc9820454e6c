// One JSON-RPC message as the protocol log keeps it, and the log as exported: the wire's types
// (protocol/server-state.ts), so what the bridge records is what a page reads.
export type {
  ProtocolDirection,
  ProtocolEntry,
  ProtocolKind,
  ProtocolLogExport,
} from '../../../protocol/server-state.js';
