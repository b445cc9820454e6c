// Who is asking: the person at the page, or a tool UI the page relays (`Tool-Caller: app`). The page says so; the
// server cannot check it, so the header only ever narrows what a request may do, never widens it.
import type { ConsoleRequest } from '../http/console-request.js';
import { CALLER_HEADER } from '../../../protocol/index.js';

// As ConsoleRequest.header takes header names.
const CALLER = CALLER_HEADER.toLowerCase();

/** `app` when the request says a tool UI made it; any other value (or none) is the person. */
export function callerOf(request: ConsoleRequest): 'user' | 'app' {
  return request.header(CALLER)?.trim().toLowerCase() === 'app' ? 'app' : 'user';
}
