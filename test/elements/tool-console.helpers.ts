// A <tool-console> in front of a fake backend at /api/tools, for the tests of what the console itself draws (its
// attributes, intro, links, recent arguments, failures): the tools it lists, their details, and calls answered by a
// function the test may swap.
import { fixture, html, oneEvent } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { settle } from './console-settle.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';

export const ECHO: ToolDetail = {
  name: 'echo',
  description: 'Says it back',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};
export const ADD: ToolDetail = {
  name: 'add',
  description: 'Adds',
  inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
};

export interface Backend {
  calls: FetchCall[];
  /** The tools listed and detailed; change it to change what the backend says next. */
  tools: ToolDetail[];
  /** Answers `POST .../call` (and anything else the backend does not know). */
  call: (call: FetchCall) => Response | Promise<Response>;
  /** Answers a path the test claims first (`/api/console`, a failing detail); undefined: the backend's own answer. */
  special: (path: string, call: FetchCall) => Response | Promise<Response> | undefined;
}

/** Stubs fetch with a backend at `/api/tools` listing `tools`. */
export function backend(tools: ToolDetail[] = [ECHO, ADD]): Backend {
  const state: Backend = {
    calls: [],
    tools,
    call: () => json({ content: [{ type: 'text', text: 'done' }] }),
    special: () => undefined,
  };
  const { calls } = stubFetch((call) => {
    const path = decodeURIComponent(new URL(call.url).pathname);
    const special = state.special(path, call);
    if (special) return special;
    if (path.endsWith('/tools'))
      return json(state.tools.map(({ name, title, description }) => ({ name, title, description })));
    if (path.endsWith('/validate')) return json({ valid: true });
    if (path.endsWith('/call')) return state.call(call);
    const tool = state.tools.find((each) => path.endsWith(`/tools/${each.name}`));
    return tool ? json(tool) : json({ error: 'Tool not found' }, 404);
  });
  state.calls = calls;
  return state;
}

/** A console on `/api/tools` (or `src`), settled. */
export async function openConsole(
  attributes: { src?: string; server?: string; offers?: string } = {},
): Promise<ToolConsole> {
  const el = await fixture<ToolConsole>(
    html`<tool-console
      src=${attributes.src ?? '/api/tools'}
      server=${attributes.server ?? ''}
      offers=${attributes.offers ?? ''}
    ></tool-console>`,
  );
  await settle(el);
  return el;
}

export function $<K extends keyof HTMLElementTagNameMap>(el: ToolConsole, selector: K): HTMLElementTagNameMap[K] | null;
export function $(el: ToolConsole, selector: string): HTMLElement | null;
export function $(el: ToolConsole, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export function $$(el: ToolConsole, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

/** The text a person reads, its white space collapsed. */
export const text = (node: Node | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

/** Picks `name` in the list, as a click on its row does. */
export async function pick(el: ToolConsole, name: string): Promise<void> {
  $(el, 'tool-list')!.dispatchEvent(
    new CustomEvent('tool-select', { detail: { name }, bubbles: true, composed: true }),
  );
  await settle(el);
}

/** Runs the open tool with `args` and waits for the call's end, drawn. */
export async function run(el: ToolConsole, args: Record<string, unknown>) {
  const form = el.shadowRoot!.querySelector('tool-form')!;
  form.value = args;
  await form.updateComplete;
  const ended = oneEvent(el, 'tool-call-end');
  await form.execute();
  const event = await ended;
  await el.updateComplete;
  return event;
}

/** The button named `name` inside `scope`. */
export function button(scope: Element | ShadowRoot, name: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((each) => each.textContent!.trim() === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

/**
 * Records the errors the page would see (uncaught, and promises rejected with no handler) from now until `stop()`:
 * an embedding page's error monitoring hears them all.
 */
export function pageErrors(): { errors: string[]; stop: () => void } {
  const errors: string[] = [];
  const onError = (event: ErrorEvent) => errors.push(String(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => errors.push(String(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** Starts every test on a page with no hash and nothing stored. */
export function cleanPage(): void {
  beforeEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
    localStorage.clear();
  });
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
    localStorage.clear();
  });
}
