// The one way a form runs its tool. Execute, Ctrl+Enter, Enter in a field and `execute()` all come here; the steps
// are the same for each: nothing while the JSON view does not parse, the known problems marked and focused (the user
// may fix them or send anyway), the confirmation of a destructive tool, then the run. The run is asked for with a
// cancelable `tool-execute`: the console claims it and owns the call; a form nobody claims from owns it itself.
// The call itself is never kept here: the form draws it from its `call` property, whoever set it.
import { html, nothing } from 'lit';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ToolApi, ToolDetail } from '../api.js';
import { type ToolCall, startToolCall } from '../call/tool-call.js';
import { emit } from '../events.js';
import { focusProblem } from '../fields/focus-problem.js';

/** The Execute button, or in its place the Confirm button of a destructive tool. */
const EXECUTE_BUTTON = '[part~="execute"]';

/** What the controller needs of the form. */
export interface ExecuteHost extends ReactiveControllerHost, HTMLElement {
  readonly detail: ToolDetail | undefined;
  readonly client: ToolApi | undefined;
  readonly value: Record<string, unknown>;
  readonly allowExecute: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The call drawn, set by the call's owner (the console, or this form when nobody claimed the run). */
  call: ToolCall | undefined;
  /** Why the arguments cannot be sent as they stand (JSON that does not parse), else undefined. */
  readonly unsendable: string | undefined;
  /** Brings every problem the form knows of into view; resolves with the places that show one, first to last. */
  findProblems(): Promise<HTMLElement[]>;
  /** Why the arguments certainly cannot be sent (over the backend's body limit), else undefined. */
  readonly tooLargeToSend: string | undefined;
}

export class ExecuteController implements ReactiveController {
  /** A destructive tool waits for its confirmation. */
  // Stryker disable next-line BooleanLiteral: reset() clears it in the form's first update with a tool, before anything reads it
  confirming = false;
  /** Execute was pressed at least once for this tool (from then on every validation error is shown). */
  // Stryker disable next-line BooleanLiteral: reset() clears it in the form's first update with a tool, before anything reads it
  attempted = false;
  /** How many problems stopped the last Execute; the user fixes them or sends anyway. */
  blocked = 0;

  /** The run of the last call this form started itself (nobody claimed it). */
  private ownRun: number | undefined;

  constructor(private readonly host: ExecuteHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    // A form that owns its call ends it with itself; a call owned by the console outlives a redraw of the form.
    if (this.ownRun !== undefined && this.host.call?.run === this.ownRun) this.host.call.cancel();
  }

  get running(): boolean {
    return this.host.call?.status === 'running';
  }

  /** For a new tool: no pending confirmation, nothing attempted. */
  reset(): void {
    this.confirming = false;
    this.attempted = false;
    this.blocked = 0;
  }

  /** The arguments changed: problems found before no longer describe them. */
  edited(): void {
    this.blocked = 0;
  }

  /** Execute: check, confirm if destructive, run. */
  async execute(): Promise<void> {
    const detail = this.host.detail;
    if (!detail || this.running || !this.host.allowExecute || this.host.unsendable !== undefined) return;
    if (this.confirming) return this.focus(EXECUTE_BUTTON);
    this.attempted = true;
    const problems = await this.host.findProblems();
    if (problems.length) {
      // The banner counts what the form shows: each field marked, and each line of the list at the top. (A field that
      // says one problem in its own words and the validator's counts once.)
      this.blocked = problems.reduce(
        (count, place) => count + (place.localName === 'ul' ? place.childElementCount : 1),
        0,
      );
      this.host.requestUpdate();
      await this.host.updateComplete;
      focusProblem(problems[0]);
      return;
    }
    return this.confirmThenRun(detail);
  }

  /** Runs although the form knows of problems: servers sometimes accept what a schema forbids. */
  sendAnyway(): Promise<void> {
    const detail = this.host.detail;
    // Stryker disable next-line LogicalOperator: Send anyway is drawn only for a drawn tool while no call runs
    return detail && !this.running ? this.confirmThenRun(detail) : Promise.resolve();
  }

  cancel(): void {
    this.host.call?.cancel();
  }

  /** Leaves the destructive confirmation without running (the Keep button, Escape). */
  keep(): void {
    if (!this.confirming) return;
    this.confirming = false;
    this.host.requestUpdate();
    void this.focus(EXECUTE_BUTTON);
  }

  private async confirmThenRun(detail: ToolDetail): Promise<void> {
    this.blocked = 0;
    if (detail.annotations?.destructiveHint === true && !this.confirming) {
      this.confirming = true;
      this.host.requestUpdate();
      return this.focus(EXECUTE_BUTTON);
    }
    return this.run(detail);
  }

  private async run(detail: ToolDetail): Promise<void> {
    this.confirming = false;
    const { name } = detail;
    const args = this.host.value;
    // The fields are read-only while the call runs: focus waits on Execute rather than falling to the page.
    await this.focus(EXECUTE_BUTTON);
    if (!emit(this.host, 'tool-execute', { name, arguments: args }, { cancelable: true })) {
      this.host.requestUpdate();
      return;
    }
    let ended!: () => void;
    const done = new Promise<void>((resolve) => (ended = resolve));
    const call = startToolCall(this.host, this.host.client, name, args, (next) => {
      if (this.host.call?.run === next.run) this.host.call = next;
      if (next.status !== 'running') ended();
    });
    this.host.requestUpdate();
    if (!call) return;
    this.ownRun = call.run;
    this.host.call = call;
    await done;
  }

  private async focus(selector: string): Promise<void> {
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.host.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  render(detail: ToolDetail) {
    if (!this.host.allowExecute) {
      return html`<p class="status execution-disabled">Execution is disabled on this server.</p>`;
    }
    if (this.confirming) {
      return html`<div class="actions confirm" role="group" aria-labelledby="confirm-note">
        <span id="confirm-note" class="warning">${detail.title ?? detail.name} is marked destructive.</span>
        <button type="button" part="execute" class="danger" @click=${() => void this.run(detail)}>Confirm: run destructive tool</button>
        <button type="button" class="secondary" @click=${() => this.keep()}>Keep</button>
        <span class="hint">Esc</span>
      </div>`;
    }
    const running = this.running;
    const unsendable = this.host.unsendable;
    // aria-disabled, not disabled, while running: a disabled button drops the focus it holds to the page body.
    return html`<div class="actions">
      <button type="button" part="execute" class="primary" aria-disabled=${running ? 'true' : 'false'}
        ?disabled=${unsendable !== undefined} aria-describedby=${unsendable ? 'raw-json-error' : nothing}
        @click=${() => void this.execute()}>${running ? 'Running…' : 'Execute'}</button>
      <button type="button" part="cancel" class="secondary" ?disabled=${!running} @click=${() => this.cancel()}>Cancel</button>
      ${running ? nothing : html`<span class="hint">Ctrl+Enter</span>`}
      <slot name="actions"></slot>
    </div>
    ${this.blocked > 0 && !running ? this.renderBlocked(this.host.tooLargeToSend) : nothing}`;
  }

  /** Why Execute sent nothing, and "Send anyway" unless the server would certainly refuse (a 413 for `tooLarge`). */
  private renderBlocked(tooLarge: string | undefined) {
    return html`<div class="actions blocked" role="alert">
      <span class="warning">${this.blocked === 1 ? 'One problem needs' : `${this.blocked} problems need`} attention${
        tooLarge ? ': the arguments are too large to send.' : ' before this call is sent.'
      }</span>
      ${tooLarge ? nothing : html`<button type="button" class="secondary" @click=${() => void this.sendAnyway()}>Send anyway</button>`}
    </div>`;
  }
}
