// Shared helpers of the <tool-result> tests: an outcome as the API client makes it, a rendered result, and finding
// what the user sees in its shadow root. (The fetch stub is ./fetch-stub.ts, shared by every element test.)
import { fixture, html } from '@open-wc/testing';
import type { CallOutcome, CallResult } from '../../elements/api.js';
import '../../elements/tool-result/tool-result.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';

/** A one-pixel PNG, as base64. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function outcome(result: CallResult, status = 200, token = ''): CallOutcome {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return {
    name: 'echo',
    arguments: { text: "it's" },
    status,
    durationMs: 12.3,
    result,
    request: { url: 'http://h/tools/echo/call', method: 'POST', headers, body: JSON.stringify({ text: "it's" }) },
  };
}

export async function show(value: CallOutcome): Promise<ToolResult> {
  const el = await fixture<ToolResult>(html`<tool-result .outcome=${value}></tool-result>`);
  await el.updateComplete;
  return el;
}

export const $ = (el: ToolResult, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
export const $$ = (el: ToolResult, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

export async function openTab(el: ToolResult, name: string): Promise<void> {
  $$(el, '[role=tab]')
    .find((tab) => tab.textContent!.trim() === name)!
    .click();
  await el.updateComplete;
}

/** Replaces the clipboard for the duration of `run`; returns what was written to it. */
export async function withClipboard(run: () => Promise<void>): Promise<string[]> {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void written.push(text) },
  });
  try {
    await run();
  } finally {
    delete (navigator as unknown as Record<string, unknown>).clipboard;
    Object.defineProperty(Navigator.prototype, 'clipboard', original);
  }
  return written;
}
