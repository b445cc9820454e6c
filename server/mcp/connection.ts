// One lazily (re)connected MCP client and its cached tool list. A connection that drops is forgotten, and the next
// request opens a new one with the same target, so a crashed server costs one failed call, not the console.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { describeTarget, openClient, type McpTarget, type OpenOptions } from './transport.js';

// Enough pages for any real server; a server that keeps handing out cursors is broken, not large.
const MAX_PAGES = 1000;
// What the child printed last, kept to explain why it exited before it answered.
const STDERR_TAIL_CHARS = 2000;

export class McpConnectionError extends Error {
  override name = 'McpConnectionError';
}

export class McpConnection {
  #current: Promise<Client> | undefined;
  #tools: Promise<McpTool[]> | undefined;
  // Stryker disable next-line StringLiteral: #open() empties it before anything can be written to it
  #stderrTail = '';
  #closed = false;
  readonly #target: McpTarget;
  readonly #options: OpenOptions;

  constructor(target: McpTarget, options: OpenOptions) {
    this.#target = target;
    this.#options = {
      ...options,
      onStderr: (text) => {
        this.#stderrTail = (this.#stderrTail + text).slice(-STDERR_TAIL_CHARS);
        options.onStderr(text);
      },
    };
  }

  /** The connected client, connecting first when there is none (or the last one dropped). */
  client(): Promise<Client> {
    if (this.#closed) return Promise.reject(new McpConnectionError('The MCP connection is closed.'));
    this.#current ??= this.#open();
    return this.#current;
  }

  async #open(): Promise<Client> {
    this.#stderrTail = '';
    let client: Client;
    try {
      client = await openClient(this.#target, this.#options);
    } catch (error) {
      this.#current = undefined;
      throw new McpConnectionError(this.#explain('Could not connect to the MCP server', error));
    }
    if (this.#closed) {
      // close() ran while this connection was being opened: it must not outlive the bridge.
      await client.close();
      throw new McpConnectionError('The MCP connection is closed.');
    }
    const opened = this.#current;
    client.onclose = () => this.#forget(opened);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.#tools = undefined;
    });
    return client;
  }

  /** Drops the connection (if it is still the current one) so the next request reconnects. */
  #forget(connection: Promise<Client> | undefined): void {
    if (this.#current !== connection) return;
    this.#current = undefined;
    this.#tools = undefined;
    connection?.then((client) => client.close()).catch(() => {});
  }

  /** Forgets the current connection after a transport failure (the server may have restarted or gone away). */
  reset(): void {
    this.#forget(this.#current);
  }

  /** Every tool, following `nextCursor`; cached until the server says the list changed or the connection drops. */
  tools(): Promise<McpTool[]> {
    const listing = (this.#tools ??= this.#listAll());
    // A failed listing is not cached: the next request tries again.
    listing.catch(() => {
      if (this.#tools === listing) this.#tools = undefined;
    });
    return listing;
  }

  async #listAll(): Promise<McpTool[]> {
    const client = await this.client();
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
        timeout: this.#options.connectTimeoutMs,
      });
      tools.push(...result.tools);
      if (!result.nextCursor || result.nextCursor === cursor) return tools;
      cursor = result.nextCursor;
    }
    throw new McpConnectionError(`The MCP server returned more than ${MAX_PAGES} pages of tools.`);
  }

  /** The failure, with the target and, for a child process, the last thing it printed. */
  #explain(what: string, error: unknown): string {
    const reason = describeError(error);
    const lastLine = this.#stderrTail.trim().split('\n').at(-1)?.trim();
    return `${what} (${describeTarget(this.#target)}): ${reason}${lastLine ? ` (its last output: ${lastLine})` : ''}`;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const current = this.#current;
    this.#current = undefined;
    this.#tools = undefined;
    const client = await current?.catch(() => undefined);
    await client?.close();
  }
}

// fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, ...) is in its cause. An HTTP error's
// status (401, 403, ...) is in its code.
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof StreamableHTTPError && error.code) return `HTTP ${error.code}: ${error.message}`;
  const cause =
    error.cause instanceof Error ? ((error.cause as NodeJS.ErrnoException).code ?? error.cause.message) : undefined;
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}
