// Compile-time checks of the wire, run by the typecheck (`tsc`), never at run time: each `@ts-expect-error` below
// is a mismatch between the server and the page that must not compile. If one ever compiles, its directive is
// unused and the typecheck fails.
import { decodeCallEvent, encodeCallEvent, encodeToolsEvent, type CallEventMap } from '../../protocol/index.js';
import { EventStream } from '../../server/core/http/event-stream.js';

export function wireMismatchesDoNotCompile(): void {
  const stream = new EventStream<CallEventMap>();

  // @ts-expect-error: a field the event map does not name (one side renamed it) is refused by the encoder.
  encodeCallEvent.progress({ progress: 1, max: 2 });

  // @ts-expect-error: a field the page reads must be one the map names.
  void decodeCallEvent.progress({})?.max;

  // @ts-expect-error: JSON built by hand is not an event's text.
  stream.send('progress', '{"progress":1}');

  // @ts-expect-error: an event's text goes out only under its own name.
  stream.send('log', encodeCallEvent.progress({ progress: 1 }));

  // @ts-expect-error: a watched list's event is not a call's.
  stream.send('progress', encodeToolsEvent['tools-changed']({ etag: '"x"' }));

  // @ts-expect-error: a call stream carries no event the map leaves out.
  stream.send('tools-changed', encodeToolsEvent['tools-changed']({ etag: '"x"' }));
}
