// Keeps the switcher's listing fresh: `GET servers` at once, then again after the delay the host asks for (short while
// a server is starting, long otherwise), and at once when the tab becomes visible again. A hidden tab asks nothing:
// no one sees the states change. A request that fails keeps the last listing and says why in one line.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isPlainObject, type ServerListing } from '../../protocol/index.js';
import { decodeServerListing } from './decode-listing.js';

export interface ListingPollOptions {
  /** The listing's URL, read at each request. */
  url(): string;
  /** Milliseconds until the next request, given the listing now (undefined: none yet). */
  delay(listing: ServerListing | undefined): number;
}

/** Why a request brought no listing, as a sentence. */
async function problemOf(response: Response | undefined): Promise<string> {
  if (!response) return 'the console did not answer.';
  if (response.ok) return 'its answer is not a list of servers.';
  const body: unknown = await response.json().catch(() => undefined);
  const error = isPlainObject(body) && typeof body.error === 'string' ? body.error : response.statusText;
  return `the console answered ${response.status}${error ? `: ${error}` : '.'}`;
}

export class ListingPoll implements ReactiveController {
  /** The latest listing that came in. */
  listing: ServerListing | undefined;
  /** Why the latest request failed; empty once one succeeds. */
  problem = '';

  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ListingPollOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.handleVisibilityChange);
    void this.refresh();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.handleVisibilityChange);
    clearTimeout(this.timer);
    this.timer = undefined;
    // Stryker disable next-line OptionalChaining: connecting starts a request, which makes the controller at once
    this.abort?.abort();
  }

  /** Asks for the listing now (or joins the request under way), then schedules the next one. */
  refresh(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running ??= this.request().finally(() => {
      this.running = undefined;
      this.schedule();
    });
    return this.running;
  }

  /** Moves the next request to the delay the host asks for now (a server was just opened: it is about to start). */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || !this.abort || this.abort.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!document.hidden) void this.refresh();
    }, this.options.delay(this.listing));
  }

  private readonly handleVisibilityChange = () => {
    if (!document.hidden) void this.refresh();
  };

  private async request(): Promise<void> {
    const abort = (this.abort = new AbortController());
    const response = await fetch(this.options.url(), {
      headers: { Accept: 'application/json' },
      signal: abort.signal,
    }).catch(() => undefined);
    // Stryker disable next-line ConditionalExpression: it spares reading the body; the same check after it still stops
    if (abort.signal.aborted) return;
    const listing = response?.ok ? decodeServerListing(await response.json().catch(() => undefined)) : undefined;
    if (abort.signal.aborted) return;
    if (listing) {
      this.listing = listing;
      this.problem = '';
    } else {
      this.problem = await problemOf(response);
    }
    this.host.requestUpdate();
  }
}
