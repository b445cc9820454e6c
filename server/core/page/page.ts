// The console page: read once, placeholders filled once, served with a strict Content-Security-Policy (the page has
// no inline script or style, so none is needed). Compressed like any answer built once, should it outgrow 1 KiB.
import { utf8Bytes, utf8Text } from '../platform/bytes.js';
import { CachedReply } from '../http/cached-reply.js';
import type { Answer } from '../http/negotiate-reply.js';
import { jsonReply } from '../http/reply.js';
import { PENDING_OFFER, type ConsoleInfo } from '../../../protocol/index.js';
import type { ConsoleSettings } from '../options.js';
import type { PageFiles } from '../platform/platform.js';

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; media-src 'self' data: blob:; " +
    "connect-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'self'",
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * The page's headers: given a frame source (the sandbox origin, for tool UIs; `'self'` for the servers shell of the
 * CLI's --config, which frames each server's console), its policy lets the page frame that source, and only it.
 */
export function pageHeaders(frameSource: string | undefined): Record<string, string> {
  if (frameSource === undefined) return PAGE_HEADERS;
  const policy = PAGE_HEADERS['Content-Security-Policy'].replace('; base-uri', `; frame-src ${frameSource}; base-uri`);
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
  Partial<
    Pick<ConsoleSettings, 'resources' | 'resourceTemplates' | 'prompts' | 'complete' | 'subscribeResource' | 'inspect'>
  >;

/**
 * Whether an option is offered: given, and unless it says otherwise. A provider that stands in for one not known yet
 * (the CLI's, before its MCP server has said what it offers: cli/deferred-bridge.ts) carries `offered()`.
 */
function isOffered(option: unknown): boolean {
  if (option === undefined) return false;
  const offered = (option as { offered?: unknown }).offered;
  return typeof offered !== 'function' || offered() === true;
}

/** Whether an option stands in for one whose `offered()` cannot tell yet (undefined: not connected). */
function maybeLater(option: unknown): boolean {
  const offered = (option as { offered?: unknown } | undefined)?.offered;
  return typeof offered === 'function' && offered() === undefined;
}

/** Whether the page must be filled in again for each request: a title, server or offer that can change. */
function changes(settings: PageSettings): boolean {
  const { resources, resourceTemplates, prompts, complete, subscribeResource } = settings;
  const offers = [resources, resourceTemplates, prompts, complete, subscribeResource];
  return (
    settings.title.changes ||
    settings.serverInfo.changes ||
    offers.some((option) => typeof (option as { offered?: unknown } | undefined)?.offered === 'function')
  );
}

/**
 * The `offers` attribute of `<tool-console>`: the sections and powers the options give besides tools, space-separated
 * (`resources prompts completions subscriptions inspect`); empty for tools only.
 */
export function offersOf(settings: PageSettings): string {
  const offers: string[] = [];
  if (isOffered(settings.resources) || isOffered(settings.resourceTemplates)) offers.push('resources');
  if (isOffered(settings.prompts)) offers.push('prompts');
  if (isOffered(settings.complete)) offers.push('completions');
  if (isOffered(settings.subscribeResource)) offers.push('subscriptions');
  // The Protocol, Notifications and Server panes, which read the /server routes (refused while execution is off).
  if (settings.inspect !== undefined && settings.allowExecute) offers.push('inspect');
  // Something may still come (the CLI is connecting): the page asks again once its tool list is in (GET /console).
  const { resources, resourceTemplates, prompts, complete, subscribeResource } = settings;
  if ([resources, resourceTemplates, prompts, complete, subscribeResource].some(maybeLater)) offers.push(PENDING_OFFER);
  return offers.join(' ');
}

/** `GET /console`: what the page's attributes would say now. */
export function consoleInfoOf(settings: PageSettings): ConsoleInfo {
  const info: ConsoleInfo = { title: settings.title.get(), offers: offersOf(settings) };
  const server = settings.serverInfo.get();
  if (server !== undefined) info.server = server;
  return info;
}

// Rendering with a base is rare (the page asked for without its trailing slash); a few variants are enough.
const MAX_BASE_VARIANTS = 8;

/** What the 503 for a missing page says: where it was looked for, or that a runtime without files needs it given. */
function notBuilt(files: PageFiles | undefined): string {
  return files === undefined
    ? 'The console page is not available here: pass the built page as the `pageFiles` option.'
    : `The console page is not built: run \`npm run build\` (missing ${files.whereIs('index.html')}).`;
}

/** The page's text for what it shows now: its title, the server it fronts, what the console offers. */
function fillIn(template: string, settings: PageSettings): string {
  const title = escapeHtml(settings.title.get());
  const info = settings.serverInfo.get();
  const server = info === undefined ? '' : escapeHtml(JSON.stringify(info));
  // Replacer functions, so `$&`, `$'` and the like in the text are text, not replacement patterns.
  return template
    .replaceAll('<<TITLE>>', () => title)
    .replaceAll('<<SERVER>>', () => server)
    .replaceAll('<<OFFERS>>', () => offersOf(settings));
}

export class ConsolePage {
  readonly #template: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #plain: Answer;
  readonly #withBase = new Map<string, CachedReply>();
  /** For a page whose text changes (`changes`): the settings, the template, and the latest text and its reply. */
  readonly #settings: PageSettings | undefined;
  #latest: { html: string; reply: CachedReply } | undefined;

  /** `files`: the built page's, undefined where the platform reads no files and none were given (API only). */
  constructor(settings: PageSettings, files: PageFiles | undefined) {
    const { logger } = settings;
    const sandboxOrigin = settings.sandboxOrigin?.origin;
    this.#headers = pageHeaders(sandboxOrigin);
    try {
      const sandbox = sandboxOrigin === undefined ? '' : escapeHtml(`${sandboxOrigin}${settings.prefix}/sandbox`);
      const html = files?.read('index.html');
      if (html === undefined)
        throw new Error(files ? `cannot read ${files.whereIs('index.html')}` : 'no pageFiles given');
      const template = utf8Text(html)
        .replaceAll('<<ALLOW_EXECUTE>>', () => String(settings.allowExecute))
        .replaceAll('<<MAX_BODY_BYTES>>', () => String(settings.maxBodyBytes))
        .replaceAll('<<SANDBOX>>', () => sandbox);
      if (changes(settings)) this.#settings = settings;
      this.#template = this.#settings ? template : fillIn(template, settings);
      this.#plain = new CachedReply(200, this.#headers, utf8Bytes(fillIn(template, settings)));
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
    if (this.#template === undefined) return this.#plain;
    if (this.#settings) return this.#current(baseHref);
    if (baseHref === undefined) return this.#plain;
    let reply = this.#withBase.get(baseHref);
    // Stryker disable next-line ConditionalExpression: made again each time, the page reads the same (only slower)
    if (reply === undefined) {
      const html = withBase(this.#template, baseHref);
      reply = new CachedReply(200, this.#headers, utf8Bytes(html));
      // Stryker disable next-line ConditionalExpression,EqualityOperator: how many variants are kept changes no answer
      if (this.#withBase.size < MAX_BASE_VARIANTS) this.#withBase.set(baseHref, reply);
    }
    return reply;
  }

  /** The page as it reads now; the reply is made again only when its text changed (the server connected). */
  #current(baseHref: string | undefined): Answer {
    const html = fillIn(this.#template!, this.#settings!);
    if (baseHref !== undefined) return new CachedReply(200, this.#headers, utf8Bytes(withBase(html, baseHref)));
    if (this.#latest?.html !== html)
      this.#latest = { html, reply: new CachedReply(200, this.#headers, utf8Bytes(html)) };
    return this.#latest.reply;
  }
}

function withBase(html: string, baseHref: string): string {
  return html.replace(/<head[^>]*>/i, (head) => `${head}<base href="${escapeHtml(baseHref)}">`);
}
