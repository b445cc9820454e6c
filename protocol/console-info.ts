// What the page route writes into `<tool-console>`'s attributes, as JSON (`GET /console`): for a page served before
// the console knew it. The CLI serves its page at once, before its MCP server has said who it is and what it offers;
// such a page carries the `pending` word in `offers`, and reads this once its tool list has loaded (the list waits for
// the connection), to show the server's name and its Resources and Prompts sections without a reload.
import type { ServerInfo } from './tools.js';

/** The word in `offers` that says the rest is not known yet. */
export const PENDING_OFFER = 'pending';

/** The answer of `GET /console`. */
export interface ConsoleInfo {
  title: string;
  /** The server the console fronts, when known. */
  server?: ServerInfo;
  /** The `offers` attribute's words, as the page route would write them now. */
  offers: string;
}
