import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ToolApi, ToolDetail } from './api.js';

/**
 * A form generated from a tool's `inputSchema`, with a raw JSON view, live validation and Execute / Cancel.
 * (Skeleton: the public properties are final; the form grows behind them.)
 *
 * @fires tool-call-start - before a call; cancelable.
 * @fires tool-call-end - after a call.
 * @fires tool-arguments-change - when the arguments change.
 */
@customElement('tool-form')
export class ToolForm extends LitElement {
  /** The backend client; when unset and `src` is set, the form makes its own. */
  @property({ attribute: false }) api: ToolApi | undefined;
  /** The tools collection URL, for standalone use without `api`. */
  @property() src = '';
  /** The tool to render; when unset, the form fetches the detail of `name`. */
  @property({ attribute: false }) tool: ToolDetail | undefined;
  /** The tool to fetch when `tool` is not given. */
  @property() name = '';
  /** Whether Execute is offered. */
  @property({ type: Boolean, attribute: 'allow-execute' }) allowExecute = false;
  /** The current arguments; set it to replay earlier arguments. */
  @property({ attribute: false }) value: Record<string, unknown> = {};

  override render() {
    return html`<p>${this.tool?.name ?? this.name}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-form': ToolForm;
  }
}
