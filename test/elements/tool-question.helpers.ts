// A <tool-question> on its own, as an embedding page uses it: the page hands it a question (and the server that asks)
// and hears the `tool-answer` and `tool-dismiss` events it fires. Shared by the tool-question-* tests.
import { fixture, html } from '@open-wc/testing';
import type { ServerInfo } from '../../elements/api.js';
import type { OpenQuestion } from '../../elements/call/tool-call.js';
import type { ToolAnswerDetail, ToolDismissDetail } from '../../elements/events.js';
import '../../elements/tool-question/tool-question.js';
import type { ToolQuestion } from '../../elements/tool-question/tool-question.js';

export interface Mounted {
  el: ToolQuestion;
  /** The details of every `tool-answer` and `tool-dismiss` the element fired, in order. */
  heard: { type: string; detail: ToolAnswerDetail | ToolDismissDetail }[];
}

/** A <tool-question> asking `question` for `server`, with its events recorded. */
export async function mount(question?: OpenQuestion, server?: ServerInfo): Promise<Mounted> {
  const el = await fixture<ToolQuestion>(html`<tool-question .question=${question} .server=${server}></tool-question>`);
  const heard: Mounted['heard'] = [];
  for (const type of ['tool-answer', 'tool-dismiss'] as const) {
    el.addEventListener(type, (event) => heard.push({ type, detail: event.detail }));
  }
  await el.updateComplete;
  return { el, heard };
}

/** Hands the element its next question (or none), as its owner does, and waits for it to draw. */
export async function ask(el: ToolQuestion, question: OpenQuestion | undefined): Promise<void> {
  el.question = question;
  await el.updateComplete;
}

export const root = (el: ToolQuestion) => el.shadowRoot!;
export const dialogOf = (el: ToolQuestion) => root(el).querySelector('dialog')!;
export const textOf = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

/** The button whose text is `name` (exactly one). */
export function buttonOf(el: ToolQuestion, name: string): HTMLButtonElement {
  const found = [...root(el).querySelectorAll('button')].filter((candidate) => textOf(candidate) === name);
  if (found.length !== 1) throw new Error(`${found.length} buttons named "${name}"`);
  return found[0];
}

/** The texts of the dialog's buttons, in order. */
export const buttonNames = (el: ToolQuestion) => [...root(el).querySelectorAll('button')].map((b) => textOf(b));

/** The control labelled `label` (the label's text without the required mark). */
export function fieldOf<T extends HTMLElement = HTMLInputElement>(el: ToolQuestion, label: string): T {
  const labels = [...root(el).querySelectorAll('label')].filter(
    (candidate) => candidate.textContent!.replace('*', '').trim() === label,
  );
  if (labels.length !== 1) throw new Error(`${labels.length} labels named "${label}"`);
  return root(el).getElementById(labels[0].htmlFor) as T;
}

/** The text of the error shown under `control`, if any. */
export const errorAt = (el: ToolQuestion, control: HTMLElement) =>
  textOf(root(el).getElementById(`${control.id}-error`));

export async function typeInto(el: ToolQuestion, input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/** The element that has the focus, through shadow roots. */
export function focusedElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** A form question with id `id` asking for `properties` (those in `required` required). */
export function formQuestion(
  id: string,
  properties: Record<string, unknown>,
  required: string[] = [],
  extra: Partial<OpenQuestion> = {},
): OpenQuestion {
  return {
    id,
    params: { mode: 'form', message: `Question ${id}?`, requestedSchema: { type: 'object', properties, required } },
    ...extra,
  };
}

/**
 * A node as a short string for assertions (tag, id, text), or `nothing`: chai formatting a DOM node that failed an
 * assertion can make the browser disconnect, so the tests compare these instead of the nodes.
 */
export function describeNode(node: Element | null | undefined): string {
  if (!node) return 'nothing';
  return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}> ${textOf(node) ?? ''}`.trim();
}

/** `true` when `target` has the focus; else what has it, described. */
export const focusIsOn = (target: Element | null | undefined) =>
  focusedElement() === target || `the focus is on ${describeNode(focusedElement())}`;
