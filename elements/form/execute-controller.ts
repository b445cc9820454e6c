// Execute and Cancel: the before/after events, the abortable call, the confirmation step of destructive tools
// (drawn in the element: window.confirm is blocked in many embeds), and the buttons themselves.
import { html, nothing } from 'lit';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ToolApi, ToolDetail } from '../api.js';
import { emit } from '../events.js';

/** What the controller needs of the form. */
export interface ExecuteHost extends ReactiveControllerHost, HTMLElement {
  readonly detail: ToolDetail | undefined;
  readonly client: ToolApi | undefined;
  readonly value: Record<string, unknown>;
  readonly allowExecute: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class ExecuteController implements ReactiveController {
  /** A call is in flight. */
  running = false;
  /** A destructive tool waits for its confirmation. */
  confirming = false;
  /** Execute was pressed at least once for this tool (from then on every validation error is shown). */
  attempted = false;

  #call: AbortController | undefined;

  constructor(private readonly host: ExecuteHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** For a new tool: no pending confirmation, nothing attempted. */
  reset(): void {
    this.confirming = false;
    this.attempted = false;
  }

  async execute(): Promise<void> {
    const detail = this.host.detail;
    if (!detail || this.running || !this.host.allowExecute) return;
    this.attempted = true;
    if (detail.annotations?.destructiveHint === true && !this.confirming) {
      this.confirming = true;
      this.host.requestUpdate();
      await this.host.updateComplete;
      this.host.renderRoot.querySelector<HTMLButtonElement>('[part~="execute"]')?.focus();
      return;
    }
    await this.#run(detail);
  }

  cancel(): void {
    this.#call?.abort();
  }

  #keep(): void {
    this.confirming = false;
    this.host.requestUpdate();
  }

  async #run(detail: ToolDetail): Promise<void> {
    this.confirming = false;
    const name = detail.name;
    const args = this.host.value;
    if (!emit(this.host, 'tool-call-start', { name, arguments: args }, { cancelable: true })) {
      this.host.requestUpdate();
      return;
    }
    const client = this.host.client;
    if (!client) {
      emit(this.host, 'tool-call-end', {
        name,
        arguments: args,
        error: new Error('No backend: set `api` or `src`.'),
        aborted: false,
      });
      return;
    }
    const call = new AbortController();
    this.#call = call;
    this.running = true;
    this.host.requestUpdate();
    try {
      const outcome = await client.call(name, args, call.signal);
      emit(this.host, 'tool-call-end', { name, arguments: args, outcome, aborted: false });
    } catch (error) {
      const aborted = call.signal.aborted;
      const failure = error instanceof Error ? error : new Error(String(error));
      emit(this.host, 'tool-call-end', { name, arguments: args, error: aborted ? undefined : failure, aborted });
    } finally {
      this.#call = undefined;
      this.running = false;
      this.host.requestUpdate();
    }
  }

  render(detail: ToolDetail) {
    if (!this.host.allowExecute) {
      return html`<p class="status execution-disabled">Execution is disabled on this server.</p>`;
    }
    if (this.confirming) {
      return html`<div class="actions confirm" role="group" aria-labelledby="confirm-note">
        <span id="confirm-note" class="warning">${detail.title ?? detail.name} is marked destructive.</span>
        <button type="button" part="execute" class="danger" @click=${() => void this.#run(detail)}>Confirm: run destructive tool</button>
        <button type="button" class="secondary" @click=${() => this.#keep()}>Keep</button>
      </div>`;
    }
    return html`<div class="actions">
      <button type="button" part="execute" class="primary" ?disabled=${this.running} @click=${() => void this.execute()}>
        ${this.running ? 'Running…' : 'Execute'}
      </button>
      <button type="button" part="cancel" class="secondary" ?disabled=${!this.running} @click=${() => this.cancel()}>Cancel</button>
      ${this.running ? nothing : html`<span class="hint">Ctrl+Enter</span>`}
    </div>`;
  }
}
