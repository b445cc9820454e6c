// One tool call from the auth hook to the serialised CallToolResult. Each call owns an AbortController that fires on
// timeout and when the client goes away, so the handler can stop work nobody will read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { passesAuthHook } from './auth.js';
import { describeThrown, errorResult, MalformedResultError, toCallResult } from './call-result.js';
import type { ConsoleSettings } from './options.js';
import { jsonReply, jsonTextReply, type Reply } from './reply.js';
import type { CallResult } from './types.js';

const UNAUTHORIZED = '{"error":"Unauthorized"}';

/** The AbortController of one call, armed with the timeout and the client's disconnect. */
class CallLifetime {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #res: ServerResponse;
  readonly #onClose = () => {
    if (!this.#res.writableFinished) this.#controller.abort(new DOMException('The client disconnected.', 'AbortError'));
  };

  constructor(res: ServerResponse, timeoutMs: number) {
    this.#res = res;
    res.on('close', this.#onClose);
    if (timeoutMs > 0) {
      this.#timer = setTimeout(
        () => this.#controller.abort(new DOMException(`The tool call timed out after ${timeoutMs} ms.`, 'TimeoutError')),
        timeoutMs,
      );
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Settles with `work`, or rejects with the abort reason as soon as the call is aborted. */
  race<T>(work: Promise<T>): Promise<T> {
    const { signal } = this;
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  end(): void {
    clearTimeout(this.#timer);
    this.#res.off('close', this.#onClose);
  }
}

/** 200 for a result, 500 for an error result; a result JSON cannot express becomes an error result. */
function resultReply(result: CallResult, name: string, settings: ConsoleSettings): Reply {
  let text: string;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    settings.logger.error(`tool-console: the result of ${JSON.stringify(name)} is not serialisable:`, error);
    return jsonReply(500, errorResult(`The tool result could not be serialised to JSON: ${describeThrown(error)}`));
  }
  return jsonTextReply(result.isError ? 500 : 200, text);
}

function abortedReply(reason: unknown, name: string, settings: ConsoleSettings): Reply {
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    settings.logger.warn(`tool-console: ${JSON.stringify(name)}: ${reason.message}`);
    return jsonReply(504, errorResult(reason.message));
  }
  // Nobody is listening any more: worth a note, not an error.
  settings.logger.info(`tool-console: call of ${JSON.stringify(name)} aborted: the client disconnected`);
  return jsonReply(499, errorResult('The client disconnected.'));
}

export async function runToolCall(
  settings: ConsoleSettings,
  name: string,
  args: Record<string, unknown>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Reply> {
  const call = new CallLifetime(res, settings.callTimeoutMs);
  try {
    const { authHook, handleCall, logger } = settings;
    if (authHook && !(await passesAuthHook(authHook, req, call.signal, logger))) {
      return jsonTextReply(401, UNAUTHORIZED);
    }
    let returned: unknown;
    try {
      // Every handler form gets all four arguments; `new Promise` also catches a synchronous throw.
      const ctx = { signal: call.signal };
      returned = await call.race(new Promise((resolve) => resolve(handleCall(name, args, req, ctx))));
    } catch (error) {
      if (call.signal.aborted && error === call.signal.reason) return abortedReply(error, name, settings);
      logger.error(`tool-console: tool ${JSON.stringify(name)} threw:`, error);
      return jsonReply(500, errorResult(describeThrown(error)));
    }
    try {
      return resultReply(toCallResult(returned), name, settings);
    } catch (error) {
      if (!(error instanceof MalformedResultError)) throw error;
      logger.error(`tool-console: tool ${JSON.stringify(name)} returned a malformed result (${error.message}):`, returned);
      return jsonReply(500, errorResult(`The tool handler returned a malformed result: ${error.message}.`));
    }
  } finally {
    call.end();
  }
}
