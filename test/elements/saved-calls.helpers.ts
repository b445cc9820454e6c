// <saved-calls> on its own, as an embedding page mounts it: a real ToolApi against a stubbed backend, a tool, and
// whatever the page's form would hand over as arguments. The helpers press buttons and type as a user does.
import { fixture, html, waitUntil } from '@open-wc/testing';
import { ToolApi, type ToolDetail } from '../../elements/api.js';
import '../../elements/saved-calls/saved-calls.js';
import type { SavedCalls } from '../../elements/saved-calls/saved-calls.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';

export const ECHO: ToolDetail = {
  name: 'echo',
  description: 'Says it back',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};

export interface Backend {
  calls: FetchCall[];
  /** Holds every later call's answer until `release()`; the requests are recorded as they come. */
  hold(): void;
  release(): void;
}

/**
 * A fake backend at /api/tools: `/api/server` answers `server` (a status for a number), a call to echo answers its
 * text, anything else 404.
 */
export function backend(server: Record<string, unknown> | number = { transport: 'stdio', target: 'npx srv' }): Backend {
  let gate: Promise<void> | undefined;
  let open = () => {};
  const { calls } = stubFetch(async ({ url, body }) => {
    const path = new URL(url).pathname;
    if (path === '/api/server')
      return typeof server === 'number'
        ? json({ error: 'no server' }, server)
        : json({ connected: true, ...server }, 200);
    if (path === '/api/tools/echo/call') {
      await gate;
      return json({ content: [{ type: 'text', text: String((body as { text?: unknown }).text ?? '') }] });
    }
    return json({ error: 'Tool not found' }, 404);
  });
  return {
    calls,
    hold: () => void (gate = new Promise((resolve) => (open = resolve))),
    release: () => {
      gate = undefined;
      open();
    },
  };
}

export interface Mount {
  api?: ToolApi;
  tool?: ToolDetail;
  formArguments?: () => unknown;
}

export async function mount({ api, tool, formArguments }: Mount = {}): Promise<SavedCalls> {
  const saved = formArguments
    ? await fixture<SavedCalls>(
        html`<saved-calls .api=${api} .tool=${tool} .formArguments=${formArguments}></saved-calls>`,
      )
    : await fixture<SavedCalls>(html`<saved-calls .api=${api} .tool=${tool}></saved-calls>`);
  await saved.updateComplete;
  return saved;
}

export const api = () => new ToolApi('/api/tools');
export const root = (saved: SavedCalls) => saved.shadowRoot!;
export const text = (saved: SavedCalls, selector: string) =>
  root(saved).querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
export const row = (saved: SavedCalls, name: string) =>
  root(saved).querySelector<HTMLElement>(`li[data-name="${name}"]`)!;
export const names = (saved: SavedCalls) =>
  [...root(saved).querySelectorAll<HTMLElement>('li[data-name]')].map((li) => li.dataset.name);
export const saveForm = (saved: SavedCalls) => root(saved).querySelector<HTMLFormElement>('form.save');

export function button(saved: SavedCalls, label: string, within: ParentNode = root(saved)): HTMLButtonElement {
  const found = [...within.querySelectorAll('button')].find((b) => b.textContent!.trim() === label);
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

export async function press(saved: SavedCalls, label: string, within?: ParentNode): Promise<void> {
  button(saved, label, within).click();
  await saved.updateComplete;
}

/** Types into an input (or picks in a select) the way the user does: the value, then its event. */
export async function type(saved: SavedCalls, selector: string, value: string): Promise<void> {
  const field = root(saved).querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
  field.value = value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input'));
  await saved.updateComplete;
}

/** Save call, a name, Save. */
export async function save(saved: SavedCalls, name: string): Promise<void> {
  await press(saved, 'Save call');
  await type(saved, 'form.save input[name=name]', name);
  await press(saved, 'Save', saveForm(saved)!);
}

/** Chooses `file` in the Import… input, as the file dialog does, and waits for the element to have read it. */
export async function choose(saved: SavedCalls, file: File | undefined): Promise<void> {
  const input = root(saved).querySelector<HTMLInputElement>('input[type=file]')!;
  const transfer = new DataTransfer();
  if (file) transfer.items.add(file);
  input.files = transfer.files;
  const before = root(saved).textContent;
  input.dispatchEvent(new Event('change'));
  if (file) await waitUntil(() => root(saved).textContent !== before, `${file.name} is read`);
  await saved.updateComplete;
}

export const collectionFile = (name: string, calls: unknown[], extra: Record<string, unknown> = {}) =>
  new File([JSON.stringify({ version: 1, ...extra, calls })], name, { type: 'application/json' });

/** What is stored for the backend at /api/tools. */
export function stored(): { calls: { name: string; arguments: unknown; expect?: unknown[] }[] } | undefined {
  const value = localStorage.getItem(`tool-console:collection:${new URL('/api/tools', location.href).href}`);
  return value === null ? undefined : JSON.parse(value);
}
