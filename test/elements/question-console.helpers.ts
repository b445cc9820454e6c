// Shared by the question tests (elicitation and sampling): a <tool-console> whose `team/ask` call runs on a stream the
// test writes into, a backend that records the answers the page posts, and ways to read and drive the dialog.
import { fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { nothing } from 'lit';
import type { ToolDetail } from '../../elements/api.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

// A name that must be percent-encoded in the answer's URL.
export const TOOL: ToolDetail = {
  name: 'team/ask',
  description: 'Asks along the way',
  inputSchema: { type: 'object' },
};
export const SERVER = JSON.stringify({ name: 'acme-mcp', title: 'Acme Tools' });

export const noContent = () => new Response(null, { status: 204 });

/** The fake backend: how it answers the next answer to a question, and every request the page made. */
export const backend: { answerWith: (call: FetchCall) => Response | Promise<Response>; calls: FetchCall[] } = {
  answerWith: noContent,
  calls: [],
};

/** A console whose `team/ask` call runs on `stream`, with a token set in the auth bar, the call started. */
export async function running(server: string | null = SERVER): Promise<{ el: ToolConsole; stream: EventStreamAnswer }> {
  const stream = eventStream();
  backend.answerWith = noContent;
  ({ calls: backend.calls } = stubFetch((call) => {
    const { pathname } = new URL(call.url);
    if (pathname === '/api/tools') return json([{ name: TOOL.name, description: TOOL.description }]);
    if (pathname === '/api/tools/team%2Fask') return json(TOOL);
    if (pathname.endsWith('/validate')) return json({ valid: true });
    if (pathname.endsWith('/call')) return stream.response;
    if (pathname.includes('/requests/')) return backend.answerWith(call);
    return json({ error: 'Not found' }, 404);
  }));
  history.replaceState(null, '', `#tool=${encodeURIComponent(TOOL.name)}`);
  const el = await fixture<ToolConsole>(
    html`<tool-console src="/api/tools" server=${server ?? nothing}></tool-console>`,
  );
  await waitUntil(() => $(el, 'tool-form')?.tool, 'the tool is shown');
  const token = $(el, 'tool-auth-bar')!.shadowRoot!.querySelector('input')!;
  token.value = 's3cret';
  token.dispatchEvent(new Event('input'));
  const started = oneEvent(el, 'tool-call-start');
  void $(el, 'tool-form')!.execute();
  await started;
  await waitUntil(() => $(el, 'progress'), 'the call is drawn running');
  return { el, stream };
}

export function $<K extends keyof HTMLElementTagNameMap>(el: ToolConsole, selector: K): HTMLElementTagNameMap[K] | null;
export function $(el: ToolConsole, selector: string): HTMLElement | null;
export function $(el: ToolConsole, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
export const questionRoot = (el: ToolConsole) => $(el, 'tool-question')!.shadowRoot!;
export const dialog = (el: ToolConsole) => questionRoot(el).querySelector('dialog')!;
export const isOpen = (el: ToolConsole) => Boolean($(el, 'tool-question')?.shadowRoot?.querySelector('dialog')?.open);

export function button(el: ToolConsole, name: string): HTMLButtonElement {
  const found = [...dialog(el).querySelectorAll('button')].filter((candidate) => text(candidate) === name);
  if (found.length !== 1) throw new Error(`${found.length} buttons named "${name}"`);
  return found[0];
}

export async function type(el: ToolConsole, input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await $(el, 'tool-question')!.updateComplete;
}

export async function click(el: ToolConsole, target: HTMLElement) {
  target.click();
  await $(el, 'tool-question')!.updateComplete;
}

/** The answers the page posted, in order: URL, headers and body. */
export const answers = () =>
  backend.calls
    .filter((call) => call.url.includes('/requests/'))
    .map((call) => ({ url: call.url, method: call.method, headers: call.init!.headers, body: call.body }));

/** The element that has the focus, through shadow roots. */
export function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
