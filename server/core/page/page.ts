// The console page: read once, placeholders filled once, served with a strict Content-Security-Policy (the page has
// no inline script or style, so none is needed). Compressed like any answer built once, should it outgrow 1 KiB.
import { utf8Bytes, utf8Text } from '../platform/bytes.js';
import { CachedReply } from '../http/cached-reply.js';
import type { Answer } from '../http/negotiate-reply.js';
import { jsonReply } from '../http/reply.js';
import type { ConsoleSettings } from '../options.js';
import type { PageFiles } from '../platform/platform.js';

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' data: blob:; " +
    "connect-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'self'",
  'Referrer-Policy': 'no-referrer',
} as const;

/** The page's headers: with a sandbox origin, its policy lets the page frame that origin (tool UIs), and only it. */
export function pageHeaders(sandboxOrigin: string | undefined): Record<string, string> {
  if (sandboxOrigin === undefined) return PAGE_HEADERS;
  const policy = PAGE_HEADERS['Content-Security-Policy'].replace(
    '; base-uri',
    `; frame-src ${sandboxOrigin}; base-uri`,
  );
  return { ...PAGE_HEADERS, 'Content-Security-Policy': policy };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** What the page shows besides the tools: the placeholders `<<TITLE>>`, `<<ALLOW_EXECUTE>>`, `<<SERVER>>` (the
 * fronted server as HTML-escaped JSON, empty when unknown), `<<MAX_BODY_BYTES>>` (the call body limit),
 * `<<SANDBOX>>` (the sandbox proxy page's URL for tool UIs, empty when there is no sandbox origin) and `<<OFFERS>>`
 * (what the console offers besides tools, see `offersOf`). */
export type PageSettings = Pick<
  ConsoleSettings,
  'title' | 'allowExecute' | 'serverInfo' | 'maxBodyBytes' | 'logger' | 'sandboxOrigin' | 'prefix'
> &
  Partial<Pick<ConsoleSettings, 'resources' | 'resourceTemplates' | 'prompts' | 'complete' | 'subscribeResource'>>;

/**
 * The `offers` attribute of `<tool-console>`: the sections and powers the options give besides tools, space-separated
 * (`resources prompts completions subscriptions`); empty for tools only.
 */
export function offersOf(settings: PageSettings): string {
  const offers: string[] = [];
  if (settings.resources !== undefined || settings.resourceTemplates !== undefined) offers.push('resources');
  if (settings.prompts !== undefined) offers.push('prompts');
  if (settings.complete !== undefined) offers.push('completions');
  if (settings.subscribeResource !== undefined) offers.push('subscriptions');
  return offers.join(' ');
}

// Rendering with a base is rare (the page asked for without its trailing slash); a few variants are enough.
const MAX_BASE_VARIANTS = 8;

/** What the 503 for a missing page says: where it was looked for, or that a runtime without files needs it given. */
function notBuilt(files: PageFiles | undefined): string {
  return files === undefined
    ? 'The console page is not available here: pass the built page as the `pageFiles` option.'
    : `The console page is not built: run \`npm run build\` (missing ${files.whereIs('index.html')}).`;
}

export class ConsolePage {
  readonly #template: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #plain: Answer;
  readonly #withBase = new Map<string, CachedReply>();

  /** `files`: the built page's, undefined where the platform reads no files and none were given (API only). */
  constructor(settings: PageSettings, files: PageFiles | undefined) {
    const { logger } = settings;
    const sandboxOrigin = settings.sandboxOrigin?.origin;
    this.#headers = pageHeaders(sandboxOrigin);
    try {
      // Replacer functions, so `$&`, `$'` and the like in the text are text, not replacement patterns.
      const escapedTitle = escapeHtml(settings.title);
      const server = settings.serverInfo === undefined ? '' : escapeHtml(JSON.stringify(settings.serverInfo));
      const sandbox = sandboxOrigin === undefined ? '' : escapeHtml(`${sandboxOrigin}${settings.prefix}/sandbox`);
      const html = files?.read('index.html');
      if (html === undefined)
        throw new Error(files ? `cannot read ${files.whereIs('index.html')}` : 'no pageFiles given');
      this.#template = utf8Text(html)
        .replaceAll('<<TITLE>>', () => escapedTitle)
        .replaceAll('<<ALLOW_EXECUTE>>', () => String(settings.allowExecute))
        .replaceAll('<<SERVER>>', () => server)
        .replaceAll('<<MAX_BODY_BYTES>>', () => String(settings.maxBodyBytes))
        .replaceAll('<<SANDBOX>>', () => sandbox)
        .replaceAll('<<OFFERS>>', () => offersOf(settings));
      this.#plain = new CachedReply(200, this.#headers, utf8Bytes(this.#template));
    } catch (error) {
      // The API still works without the page; say clearly what is missing instead of failing at startup.
      logger.warn(`tool-console: the page is not built (${(error as Error).message}); run \`npm run build\``);
      this.#plain = jsonReply(503, { error: notBuilt(files) });
    }
  }

  /**
   * The page. `baseHref` is set when the page was asked for without its trailing slash (`/explorer`): a relative
   * `<base href="explorer/">` makes `./assets/...` and `tools` resolve under the mount point, even behind a proxy.
   */
  reply(baseHref?: string): Answer {
    if (baseHref === undefined || this.#template === undefined) return this.#plain;
    let reply = this.#withBase.get(baseHref);
    if (reply === undefined) {
      const html = this.#template.replace(/<head[^>]*>/i, (head) => `${head}<base href="${escapeHtml(baseHref)}">`);
      reply = new CachedReply(200, this.#headers, utf8Bytes(html));
      if (this.#withBase.size < MAX_BASE_VARIANTS) this.#withBase.set(baseHref, reply);
    }
    return reply;
  }
}
