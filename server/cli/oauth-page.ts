// The small pages of an OAuth authorization that the console's own page cannot show: waiting for the user, refused,
// connecting. Shown by a --url console's front door (front-door.ts) and by each server's callback of --config
// (many-servers/oauth-callback.ts). Every text is escaped: a message may quote the authorization server.
import { escapeHtml } from '../core/page/page.js';
import { createReply, type Reply } from '../core/http/reply.js';

/** What a callback is told when no authorization waits for it. */
export const NOTHING_WAITING = 'No authorization is waiting for this answer: it was used already, or is stale.';

/** The authorization server chose the URL: only an http(s) one becomes a link (never `javascript:` or the like). */
export function authorizeLink(url: URL, text: string): string {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return escapeHtml(`Open ${url.href} to authorize.`);
  return `<a href="${escapeHtml(url.href)}">${escapeHtml(text)}</a>`;
}

// The console's look, in brief: its system font and a readable measure, light or dark as the browser is.
const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:12vh auto;padding:0 1rem}' +
  'h1{font-size:1.4rem;font-weight:600}a{font-weight:600}';

/** A small page of escaped text; `extraHtml` and `head` are the caller's own markup (a link made above). */
export function oauthPage(status: number, title: string, message: string, extraHtml: string, head = ''): Reply {
  const body =
    `<!doctype html><meta charset="utf-8"><meta name="color-scheme" content="light dark">${head}` +
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style>` +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>${extraHtml}</p>\n`;
  return createReply(
    status,
    {
      'Content-Type': 'text/html; charset=utf-8',
      // Its one style is inline; nothing else may load or run.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Cache-Control': 'no-store',
      // The callback's address carries the authorization code: no link on these pages may pass it on.
      'Referrer-Policy': 'no-referrer',
      ...(status === 503 ? { 'Retry-After': '2' } : {}),
    },
    body,
  );
}
