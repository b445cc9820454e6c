// A <tool-list> on the page, for the tool-list-* tests, and what a user sees of it: the search field, the count line,
// the listbox with its active option, the rows drawn and the keys pressed on them.
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { ToolSummary } from '../../elements/api.js';
import '../../elements/tool-list/tool-list.js';
import type { ToolList } from '../../elements/tool-list/tool-list.js';

/** Rows are this many pixels high (the list's fixed row heights), a namespace header this many. */
export const ROW = 54;
export const HEADER = 30;

/** A <tool-list> of `height` CSS (the whole element: search field and count line included), `selected` picked. */
export async function listOf(items: ToolSummary[], selected = '', height = '400px'): Promise<ToolList> {
  const el = await fixture<ToolList>(
    html`<tool-list style=${`height: ${height}`} .tools=${items} selected=${selected}></tool-list>`,
  );
  await el.updateComplete;
  return el;
}

/** `count` tools named tool_0 … (with `namespace(i)/` in front when given), in that order. */
export function manyTools(count: number, namespace?: (i: number) => string): ToolSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    name: namespace ? `${namespace(i)}/tool_${i}` : `tool_${i}`,
    description: `Tool number ${i}`,
  }));
}

export const searchField = (el: ToolList) => el.shadowRoot!.querySelector('input')!;
export const listboxOf = (el: ToolList) => el.shadowRoot!.querySelector<HTMLElement>('[role=listbox]')!;
export const countText = (el: ToolList) => el.shadowRoot!.querySelector('[part=count]')!.textContent!.trim();
export const options = (el: ToolList) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role=option]')];
export const names = (el: ToolList) => options(el).map((option) => option.querySelector('.name')!.textContent!);
/** The id of the keyboard's active option, null for none. */
export const active = (listbox: HTMLElement) => listbox.getAttribute('aria-activedescendant');
/** The name of the tool in the keyboard's active option, undefined when none is drawn. */
export function activeName(el: ToolList): string | undefined {
  const id = active(listboxOf(el));
  return id ? (el.shadowRoot!.getElementById(id)?.querySelector('.name')?.textContent ?? undefined) : undefined;
}

export async function type(el: ToolList, text: string): Promise<void> {
  const input = searchField(el);
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await el.updateComplete;
}

/** Presses `key` on `target`; whether the list took it (prevented the browser's own action). */
export async function press(el: ToolList, target: Element, key: string): Promise<boolean> {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  await el.updateComplete;
  return event.defaultPrevented;
}

/** The listbox's height in CSS pixels, fractions included (what the list's ResizeObserver reports). */
export const heightOf = (listbox: HTMLElement) => listbox.getBoundingClientRect().height;

/** Waits until the list has measured its viewport (a ResizeObserver reports it after layout). */
export async function measured(el: ToolList): Promise<HTMLElement> {
  const listbox = listboxOf(el);
  const measuredHeight = () => (el as unknown as { viewportHeight: number }).viewportHeight;
  await waitUntil(() => measuredHeight() === heightOf(listbox), 'the list never measured itself');
  await el.updateComplete;
  return listbox;
}

/** Scrolls the list to `top` as a user's wheel would, and waits for the rows drawn there. */
export async function scrollTo(el: ToolList, top: number): Promise<void> {
  const listbox = listboxOf(el);
  const scrolled = new Promise((resolve) => listbox.addEventListener('scroll', resolve, { once: true }));
  listbox.scrollTop = top;
  await scrolled;
  await el.updateComplete;
}

/** The tool name drawn `y` pixels below the top of the visible list (what the user sees there), '' for none. */
export function nameAt(el: ToolList, y: number): string {
  const box = listboxOf(el).getBoundingClientRect();
  const hit = el.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + y);
  return hit?.closest('[role=option]')?.querySelector('.name')?.textContent ?? '';
}

/** Whether `element` is drawn wholly inside the visible part of the list. */
export function inView(el: ToolList, element: Element): boolean {
  const box = listboxOf(el).getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  return rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
}
