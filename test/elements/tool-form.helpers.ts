// Shared helpers of the <tool-form> tests: a rendered form, and finding controls the way a user does (by label).
// (The fetch stub is ./fetch-stub.ts, shared by every element test.)
import { fixture, html } from '@open-wc/testing';
import type { ToolDetail, JsonSchema } from '../../elements/api.js';
import '../../elements/tool-form/tool-form.js';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';

export function toolWith(inputSchema: JsonSchema, extra: Partial<ToolDetail> = {}): ToolDetail {
  return { name: 'demo/tool', description: 'A demo tool', inputSchema, ...extra };
}

/** A form for a schema, already rendered. */
export async function formFor(
  inputSchema: JsonSchema,
  extra: Partial<ToolDetail> = {},
  allowExecute = true,
): Promise<ToolForm> {
  const el = await fixture<ToolForm>(html`<tool-form src="/api/tools" validate-delay="0" ?allow-execute=${allowExecute}
    .tool=${toolWith(inputSchema, extra)}></tool-form>`);
  await el.updateComplete;
  return el;
}

function root(el: ToolForm): ShadowRoot {
  return el.shadowRoot!;
}

/** The control labelled `text` (the label's text without the required mark). */
export function control<T extends HTMLElement = HTMLInputElement>(el: ToolForm, text: string): T {
  const labels = [...root(el).querySelectorAll('label')].filter(
    (label) => label.textContent!.replace('*', '').trim() === text,
  );
  if (labels.length !== 1) throw new Error(`${labels.length} labels named "${text}"`);
  const found = root(el).getElementById(labels[0].htmlFor);
  if (!found) throw new Error(`No control for label "${text}"`);
  return found as T;
}

export function button(el: ToolForm, name: string): HTMLButtonElement {
  const found = [...root(el).querySelectorAll('button')].find(
    (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent!.trim()) === name,
  );
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

export function query<T extends Element = HTMLElement>(el: ToolForm, selector: string): T | null {
  return root(el).querySelector<T>(selector);
}

/** Types into an input, textarea or select as a user would, and waits for the form to redraw. */
export async function typeInto(
  el: ToolForm,
  target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  text: string,
) {
  target.value = text;
  target.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  target.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await el.updateComplete;
}

export async function click(el: ToolForm, target: HTMLElement) {
  target.click();
  await el.updateComplete;
}
