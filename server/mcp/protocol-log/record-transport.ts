// Records every JSON-RPC message a transport carries, both ways, into a protocol log. The transport is instrumented
// in place rather than wrapped in another object: the SDK probes a stdio server's protocol revision on a sibling
// process only for its own StdioClientTransport class, and probes in place for anything else, which a server that
// exits on an unknown first request would not survive. So `send` is wrapped on this one instance, and `onmessage`
// becomes an accessor that hands the SDK a recording version of whatever handler it installs.
import type { Transport } from '@modelcontextprotocol/client';
import type { MessageRing } from './message-ring.js';

type OnMessage = NonNullable<Transport['onmessage']>;

export function recordTransport(transport: Transport, log: MessageRing): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    log.record('sent', message);
    return send(message, options);
  };
  // The SDK saves the handler it finds and calls it from the one it installs (Protocol.connect, the probe window),
  // so one message may pass through several recording handlers: it is recorded once, by identity.
  const recorded = new WeakSet<object>();
  const recording = new WeakMap<OnMessage, OnMessage>();
  let handler: OnMessage | undefined = transport.onmessage;
  const wrap = (inner: OnMessage): OnMessage => {
    let wrapped = recording.get(inner);
    if (!wrapped) {
      wrapped = (message, extra) => {
        if (typeof message === 'object' && message !== null && !recorded.has(message)) {
          recorded.add(message);
          log.record('received', message);
        }
        return inner(message, extra);
      };
      recording.set(wrapped, wrapped); // a recording handler installed again is not wrapped twice
      recording.set(inner, wrapped);
    }
    return wrapped;
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (handler === undefined ? undefined : wrap(handler)),
    set: (value: OnMessage | undefined) => {
      handler = value;
    },
  });
}
