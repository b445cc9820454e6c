// A server that needs the user to visit a page before a call can run (to connect an account, to pay) fails the call
// with -32042, URL elicitation required, naming the pages in its data. The console puts each page to the user as the
// URL question an `elicitation/create` of mode url would be (so the page asks it the same way), and the call runs
// again once the user has followed them all.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { CallContext } from '../types.js';

/** A page the server wants visited. */
export interface UrlElicitation {
  url: string;
  message: string;
  elicitationId?: string;
}

/** Enough for a server that asks for one page, then another; one that keeps asking will not be satisfied. */
export const MAX_URL_ROUNDS = 3;

/** The pages of a -32042 error; undefined for any other error, or one that names no page the user could open. */
export function urlElicitationsOf(error: unknown): UrlElicitation[] | undefined {
  if (!(error instanceof ProtocolError) || error.code !== ProtocolErrorCode.UrlElicitationRequired) return undefined;
  const listed = (error.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(listed)) return undefined;
  const pages = listed.flatMap((item: unknown) => {
    const { url, message, elicitationId } = (item ?? {}) as Record<string, unknown>;
    if (typeof url !== 'string') return [];
    return [
      {
        url,
        message: typeof message === 'string' ? message : '',
        ...(typeof elicitationId === 'string' && { elicitationId }),
      },
    ];
  });
  return pages.length ? pages : undefined;
}

/** Asks the user to visit each page in turn; resolves with the first one they did not follow (none: all followed). */
export async function askToVisit(
  pages: readonly UrlElicitation[],
  ctx: CallContext | undefined,
): Promise<UrlElicitation | undefined> {
  for (const page of pages) {
    // With nobody to ask, no page is followed.
    const answer = await ctx?.elicit({ mode: 'url', ...page }, { signal: ctx.signal });
    if (answer?.action !== 'accept') return page;
  }
  return undefined;
}

/** What the call's result says when a page was not followed: where to go, and what to do after. */
export function needsVisit(page: UrlElicitation): string {
  const why = page.message ? ` (${page.message})` : '';
  return `The MCP server needs you to open ${page.url} first${why}; open it, then run the call again.`;
}
