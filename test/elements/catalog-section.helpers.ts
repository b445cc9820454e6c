// A <tool-console> whose backend offers resources and prompts, for the catalog-section-* tests: each test says how the
// backend answers the catalog routes (`/api/resources`, `/api/resource-templates`, `/api/prompts`), the tool list and
// its watch stream are answered here. Accessors read what a user sees of the tabs, the list and the detail pane.
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { CatalogList } from '../../elements/catalog-list/catalog-list.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type FetchAnswer, type FetchCall } from './fetch-stub.js';

/**
 * Waits for `condition`. The machines these run on are often busy, and some steps load a script (the sections', the
 * content views'): a second is too short there, though the wait ends as soon as the condition holds.
 */
export const until = (condition: () => unknown, message: string) => waitUntil(condition, message, { timeout: 4000 });

export const TOOLS = [{ name: 'echo', description: 'Says it back' }];

/** How the backend answers a catalog route, by path (`/api/prompts`); unnamed routes answer 404. */
export type CatalogRoutes = Record<string, FetchAnswer>;

const accept = (call: FetchCall) => (call.init?.headers as Record<string, string> | undefined)?.Accept;

/** The request's `cursor` query parameter, null for a first page. */
export const cursorOf = (call: FetchCall) => new URL(call.url).searchParams.get('cursor');

/** A backend answer held until the test releases it. */
export function held() {
  let release!: (response: Response) => void;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => answer, release };
}

/**
 * A JSON answer whose headers arrive at once and whose body arrives when the test sends it: the page is reading the
 * answer meanwhile (a slow list).
 */
export function slowBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (start) => void (controller = start) });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'application/json' } }),
    send(value: unknown) {
      controller.enqueue(new TextEncoder().encode(JSON.stringify(value)));
      controller.close();
    },
  };
}

/**
 * A console at `src` (default `/api/tools`) in front of a backend offering `offers`, the URL's hash `hash` first; its
 * watch stream is `stream`. `calls` records every request; `catalogCalls(path)` those to one catalog route.
 */
export async function openCatalog(offers: string, routes: CatalogRoutes, hash = '#', src = '/api/tools') {
  const stream = eventStream();
  const { calls } = stubFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/tools')) return accept(call) === 'text/event-stream' ? stream.response : json(TOOLS);
    return routes[path]?.(call) ?? json({ error: 'Not found' }, 404);
  });
  history.replaceState(null, '', hash);
  const el = await fixture<ToolConsole>(html`<tool-console src=${src} offers=${offers}></tool-console>`);
  await el.updateComplete;
  // The tabs come with the sections' script, loaded at once for a backend that offers one of them.
  if (/(^|\s)(resources|prompts)(\s|$)/.test(offers)) await until(() => tabs(el).length, 'the tabs are shown');
  const catalogCalls = (path: string) => calls.filter((call) => new URL(call.url).pathname === path);
  return { el, calls, stream, catalogCalls };
}

export const root = (el: ToolConsole) => el.shadowRoot!;
export const tabs = (el: ToolConsole) => [...root(el).querySelectorAll<HTMLElement>('[role=tab]')];
export const tabNames = (el: ToolConsole) => tabs(el).map((tab) => tab.textContent!.trim());
export const openTab = (el: ToolConsole) =>
  root(el).querySelector('[role=tab][aria-selected=true]')?.textContent?.trim();
export const list = (el: ToolConsole) => root(el).querySelector<CatalogList>('catalog-list');
/** The list's count line ("2 resources, 1 template, loading more…"). */
export const count = (el: ToolConsole) => list(el)?.shadowRoot!.querySelector('[part=count]')?.textContent?.trim();
export const options = (el: ToolConsole) => [
  ...(list(el)?.shadowRoot!.querySelectorAll<HTMLElement>('[role=option]') ?? []),
];
/** Each row as the user reads it: its label, and its second line after a `|` when it has one. */
export const rows = (el: ToolConsole) =>
  options(el).map((option) => {
    const name = option.querySelector('.name')!.textContent!.trim();
    const sub = option.querySelector('.sub')!.textContent!.trim();
    return sub ? `${name} | ${sub}` : name;
  });
/** The sidebar's text below the tabs (a notice, a failure), spaces collapsed. */
export const panelText = (el: ToolConsole) =>
  root(el).querySelector('#section-panel')?.textContent?.replace(/\s+/g, ' ').trim();
/** The detail pane's text, spaces collapsed. */
export const detailText = (el: ToolConsole) => root(el).querySelector('main')!.textContent!.replace(/\s+/g, ' ').trim();

export async function clickTab(el: ToolConsole, name: string) {
  tabs(el)
    .find((tab) => tab.textContent!.trim() === name)!
    .click();
  await el.updateComplete;
}

export async function shownList(el: ToolConsole, what: string) {
  await until(() => options(el).length, `the ${what} list is shown`);
  await list(el)!.updateComplete;
  return list(el)!;
}

/** Waits for the console's watch stream to be followed (the catalog's news arrive through it). */
export async function followed(el: ToolConsole) {
  await until(() => (el as unknown as { watch: { abort?: unknown } }).watch.abort, 'the console follows');
}

export { json };
