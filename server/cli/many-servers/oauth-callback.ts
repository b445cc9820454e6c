// `GET servers/<name>/oauth/callback`: where the authorization server sends the browser back once the user has
// agreed (or declined) to let the console reach that server. It completes the server's waiting authorization, then
// sends the browser on to the switcher showing that server, so the code and state leave the address bar and history.
import { serverHash } from '../../../protocol/servers.js';
import { createReply } from '../../core/http/reply.js';
import type { Answer } from '../../core/http/negotiate-reply.js';
import { authorizeLink, oauthPage } from '../oauth-page.js';
import type { ServerEntry } from './server-entry.js';

const REFUSED = 'Authorization refused';

/** `url`: the request's URL; `prefix`: the CLI's --prefix, normalised ('' for none). */
export async function oauthCallback(entry: ServerEntry, url: string, prefix: string): Promise<Answer> {
  const query = new URL(url, 'http://callback').searchParams;
  try {
    // Rejects with NOTHING_WAITING when no authorization waits (a stdio server's, or one already completed).
    await entry.completeAuthorization(query);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A refused answer leaves a fresh authorization waiting (McpOAuthSession): the link goes there.
    const again = entry.authorizationUrl;
    return oauthPage(400, REFUSED, reason, again ? authorizeLink(again, 'Try again') : '');
  }
  return createReply(303, {
    Location: `${prefix}/${serverHash(entry.name)}`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}
