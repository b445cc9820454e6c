import { Task } from '@lit/task';
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ToolApi, type ToolDetail, type ValidationFailure } from '../api.js';
import type { ToolCall } from '../call/tool-call.js';
import { emit } from '../events.js';
import { ExecuteController } from './execute-controller.js';
import type { FieldContext } from '../fields/field-context.js';
import { FieldState } from '../fields/field-state.js';
import { rawJsonProblem, renderRawJson } from './raw-json-view.js';
import { renderObject } from '../fields/container-fields.js';
import { renderField } from '../fields/render-field.js';
import { ValidationController } from './validation-controller.js';
import { seedArguments } from '../schema/defaults.js';
import type { Field } from '../schema/field-descriptor.js';
import { formatBytes } from '../display/format.js';
import { type JsonPath, setAt, toPointer } from '../schema/json-pointer.js';
import { missingRequired } from './missing-required.js';
import { describeSchema } from '../schema/schema-fields.js';
import { styles } from './tool-form.styles.js';

/** Inputs where Enter means something else than "run" (or nothing at all). */
const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'range']);

/** The arguments before anyone set them: telling it apart lets a tool seed its defaults. */
const NOT_SET: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/**
 * A form generated from a tool's `inputSchema`: a control per field, a raw JSON view kept in sync, live
 * validation through the backend, and Execute / Cancel. It does not show results; `<tool-result>` does.
 *
 * Execute first marks what the form knows to be wrong (required fields left empty, text in a number field, the
 * server's validation errors, arguments over the size limit) and sends only when nothing is, or when the user
 * chooses "Send anyway". Inside `<tool-console>` the console runs the call and hands it back through `call`;
 * on its own the form runs it.
 *
 * @fires tool-arguments-change - the arguments changed by typing or in the JSON view.
 * @fires tool-execute - the user asked to run; cancelable: an owner of calls claims it with `preventDefault()`.
 * @fires tool-call-start - before a call the form runs itself; cancelable: `preventDefault()` stops it.
 * @fires tool-call-end - after such a call, with its outcome, error, or `aborted: true`.
 *
 * @csspart form - the form element.
 * @csspart field - one field (a labelled control, or a fieldset of fields).
 * @csspart label - a field's label or legend.
 * @csspart input - an input, select or textarea.
 * @csspart error - validation messages.
 * @csspart raw-json - the textarea of the JSON view.
 * @slot actions - beside Execute and Cancel: the host's own controls for the run (`<tool-console>`'s "Run as task").
 * @csspart execute - the Execute (or Confirm) button.
 * @csspart cancel - the Cancel button.
 *
 * @cssproperty --tool-font-family - text font.
 * @cssproperty --tool-font-size - text size of the form (default 14px).
 * @cssproperty --tool-font-mono - font of JSON text.
 * @cssproperty --tool-color-text - text colour.
 * @cssproperty --tool-color-muted - help text colour.
 * @cssproperty --tool-color-surface - input background.
 * @cssproperty --tool-color-border - borders.
 * @cssproperty --tool-color-accent - Execute button and focus ring.
 * @cssproperty --tool-color-danger - errors and the destructive confirmation.
 * @cssproperty --tool-radius - corner radius.
 */
@customElement('tool-form')
export class ToolForm extends LitElement {
  static override styles = styles;

  /** The backend client; when unset and `src` is set, the form makes its own. */
  @property({ attribute: false }) api: ToolApi | undefined;
  /** The tools collection URL, for standalone use without `api`. */
  @property() src = '';
  /** The tool to draw; when unset, the form fetches the detail of `name`. */
  @property({ attribute: false }) tool: ToolDetail | undefined;
  /** The tool to fetch when `tool` is not given. */
  @property() name = '';
  /** Whether Execute is offered (the server enforces it too). */
  @property({ type: Boolean, attribute: 'allow-execute' }) allowExecute = false;
  /** The current arguments. Setting it (history replay) redraws the form with those values. */
  @property({ attribute: false }) value: Record<string, unknown> = NOT_SET;
  /** Milliseconds of quiet typing before live validation asks the backend. */
  @property({ type: Number, attribute: 'validate-delay' }) validateDelay = 300;
  /** The largest call body the backend accepts, in bytes (0: not known); larger arguments are flagged at once. */
  @property({ type: Number, attribute: 'max-body' }) maxBodyBytes = 0;
  /** The call to draw (running: the fields are read-only and Cancel aborts it), set by whoever owns the call. */
  @property({ attribute: false }) call: ToolCall | undefined;

  @state() private view: 'form' | 'json' = 'form';
  @state() private rawTyping: string | undefined;

  private fields: Field | undefined;
  private fieldsFor: ToolDetail | undefined;
  private fieldState = new FieldState(() => this.requestUpdate());
  private touched = new Set<string>();
  private ownValue: Record<string, unknown> | undefined;
  private valueFromOutside = false;
  private ownApi: { src: string; api: ToolApi } | undefined;
  private validation = new ValidationController(this, () => this.validateDelay);
  private execution = new ExecuteController(this);

  private detailTask = new Task(this, {
    task: async ([client, name, tool], { signal }) =>
      tool || !client || !name ? undefined : client.getTool(name as string, signal),
    args: () => [this.client, this.name, this.tool] as const,
  });

  /** The tool drawn: `tool`, or the detail fetched for `name`. */
  get detail(): ToolDetail | undefined {
    return this.tool ?? this.detailTask.value;
  }

  /** The backend client in use: `api`, or one made from `src`. */
  get client(): ToolApi | undefined {
    if (this.api) return this.api;
    if (!this.src) return undefined;
    if (this.ownApi?.src !== this.src) this.ownApi = { src: this.src, api: new ToolApi(this.src) };
    return this.ownApi.api;
  }

  /** Resolves when the detail fetched for `name` has arrived (at once when `tool` is given). */
  get loadComplete(): Promise<unknown> {
    return this.detailTask.taskComplete;
  }

  /** Resolves when live validation has answered the latest edit. */
  get validationComplete(): Promise<void> {
    return this.validation.complete;
  }

  /**
   * Runs the tool with the current arguments, as the Execute button does: problems are marked instead of sent, and
   * a destructive tool asks first. Resolves when a call the form runs itself has ended.
   */
  execute(): Promise<void> {
    return this.execution.execute();
  }

  /** Why the arguments cannot be sent as they stand: the JSON view holds text that does not parse. */
  get unsendable(): string | undefined {
    return this.view === 'json' ? rawJsonProblem(this.rawTyping) : undefined;
  }

  /** Asks the backend about the arguments now, redraws with every problem shown, and returns where they show. */
  async findProblems(): Promise<HTMLElement[]> {
    if (this.detail && !this.tooLargeToSend) await this.validation.now(this.client, this.detail.name, this.value);
    this.requestUpdate();
    await this.updateComplete;
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[aria-invalid="true"], .top-errors ul')];
  }

  /**
   * Why the arguments certainly cannot be sent: they are larger than the backend's body limit (`max-body`), which
   * answers 413 without reading them. Such arguments are uploaded nowhere, not even to the validate endpoint.
   */
  get tooLargeToSend(): string | undefined {
    if (!this.maxBodyBytes) return undefined;
    const text = JSON.stringify(this.value);
    // Most arguments are far from the limit: count UTF-8 bytes only when the characters alone cannot decide (UTF-8 takes
    // at most 3 bytes per UTF-16 unit).
    if (text.length * 3 <= this.maxBodyBytes) return undefined;
    const bytes = new TextEncoder().encode(text).length;
    if (bytes <= this.maxBodyBytes) return undefined;
    // The CLI's flag names the limit: whoever runs the server can raise it.
    return `The arguments are ${formatBytes(bytes)}; this server accepts ${formatBytes(this.maxBodyBytes)} (its --max-body).`;
  }

  /** Aborts the running call. */
  cancel(): void {
    this.execution.cancel();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('value') && this.value !== this.ownValue && this.value !== NOT_SET) {
      // Arguments from outside (replay): what was being typed no longer applies.
      this.forgetEditing();
      this.valueFromOutside = true;
      if (this.fields) this.validate();
    }
    const detail = this.detail;
    if (detail !== this.fieldsFor) {
      this.fieldsFor = detail;
      // Derived once per tool, not per keystroke.
      this.fields = detail ? describeSchema(detail.inputSchema) : undefined;
      this.forgetEditing();
      this.touched.clear();
      this.validation.reset();
      this.execution.reset();
      if (this.fields && !this.valueFromOutside) this.setOwnValue(seedArguments(this.fields));
    }
    // Arguments set together with (or before) a tool are kept; once a tool is drawn, a later tool seeds its own.
    if (this.fields) this.valueFromOutside = false;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    // Typing, the JSON view, replay and a new tool's defaults all change the arguments: one event for each.
    if (changed.has('value') && this.value !== NOT_SET) {
      emit(this, 'tool-arguments-change', { name: this.detail?.name ?? this.name, arguments: this.value });
    }
  }

  private forgetEditing(): void {
    this.fieldState.forgetEditing();
    this.rawTyping = undefined;
  }

  private setOwnValue(value: Record<string, unknown>): void {
    this.ownValue = value;
    this.value = value;
  }

  private validate(): void {
    if (!this.detail) return;
    // A certain 413 needs no upload to learn it; the validate endpoint's answer would be a 413 as well.
    if (this.tooLargeToSend) this.validation.skip();
    else this.validation.schedule(this.client, this.detail.name, this.value);
  }

  private change(path: JsonPath, next: unknown): void {
    this.touched.add(toPointer(path));
    this.setOwnValue(setAt(this.value, path, next) as Record<string, unknown>);
    this.rawTyping = undefined;
    this.execution.edited();
    this.validate();
  }

  /**
   * Errors worth showing: the server's, the required fields the form sees missing itself (for backends that cannot
   * validate), and arguments too large to send. A missing required field is only reported once touched, or after an
   * Execute.
   */
  private visibleErrors(): ValidationFailure[] {
    const fromServer = this.validation.errors;
    const said = new Set(fromServer.map((error) => `${error.keyword} ${error.path}`));
    const missing = this.fields ? missingRequired(this.fields, this.value) : [];
    const known = [
      ...fromServer,
      // The server may have said it already (with the same words): once is enough.
      ...missing.filter((error) => !said.has(`${error.keyword} ${error.path}`)),
      ...this.sizeErrors(),
    ];
    return known.filter(
      (error) => error.keyword !== 'required' || this.execution.attempted || this.touched.has(error.path),
    );
  }

  /** The arguments against the backend's body limit, when the form knows it. */
  private sizeErrors(): ValidationFailure[] {
    const message = this.tooLargeToSend;
    return message ? [{ path: '', keyword: 'maxBodyBytes', message }] : [];
  }

  /** Ctrl+Enter anywhere, or Enter in a single-line field, runs; Escape leaves a destructive confirmation. */
  private handleKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && this.execution.confirming) {
      event.preventDefault();
      this.execution.keep();
      return;
    }
    if (event.key !== 'Enter' || event.isComposing) return;
    const target = event.composedPath()[0];
    const singleLine = target instanceof HTMLInputElement && !NOT_TEXT_INPUTS.has(target.type);
    if (!(event.ctrlKey || event.metaKey) && !singleLine) return;
    event.preventDefault();
    void this.execute();
  }

  override render() {
    const detail = this.detail;
    // Stryker disable next-line LogicalOperator: fields are derived from detail in the same willUpdate, so both are set or neither
    if (!detail || !this.fields) {
      return this.detailTask.render({
        pending: () => html`<p class="status">Loading the tool…</p>`,
        error: (error) =>
          html`<p class="error" part="error" role="alert">Could not load the tool: ${(error as Error).message}</p>`,
        initial: () => html`<p class="status">No tool selected.</p>`,
        complete: () => html`<p class="status">No tool selected.</p>`,
      });
    }
    // One list per render: the fields claim errors from it by identity, and what none claims goes to the top.
    const visible = this.visibleErrors();
    const ctx = this.fieldState.context(visible, (path, next) => this.change(path, next), this.execution.running);
    const body = this.view === 'form' ? this.renderFields(this.fields, ctx) : this.renderRaw();
    // Rendering the fields claimed the errors they show; whatever no field claimed is listed at the top.
    const unplaced = this.fieldState.unplaced(visible);
    return html`<form part="form" novalidate aria-label="Arguments of ${detail.title ?? detail.name}"
      @submit=${(event: Event) => event.preventDefault()} @keydown=${this.handleKeydown}>
      <div class="views" role="group" aria-label="Edit as">
        ${(['form', 'json'] as const).map(
          (view) => html`<button type="button" class="tab" aria-pressed=${this.view === view ? 'true' : 'false'}
            @click=${() => (this.view = view)}>${view === 'form' ? 'Form' : 'JSON'}</button>`,
        )}
      </div>
      <div class="top-errors" aria-live="polite">
        ${
          unplaced.length
            ? html`<ul class="error" part="error" tabindex="-1">${unplaced.map((error) => html`<li>${error.path || 'Arguments'}: ${error.message}</li>`)}</ul>`
            : nothing
        }
      </div>
      ${
        this.validation.tooLarge
          ? html`<p class="status">These arguments are too large to check as you type; the server checks them when they are sent.</p>`
          : nothing
      }
      ${body}
      ${this.execution.render(detail)}
    </form>`;
  }

  private renderFields(fields: Field, ctx: FieldContext) {
    const slot = { field: fields, path: [], value: this.value, label: '', required: true, removable: false };
    if (fields.kind === 'object') {
      return fields.properties.length || fields.additional
        ? html`<div class="fields">${renderObject(ctx, slot, fields, true)}</div>`
        : html`<p class="status">This tool takes no arguments.</p>`;
    }
    return html`<div class="fields">${renderField(ctx, { ...slot, label: 'Arguments' })}</div>`;
  }

  private renderRaw() {
    return renderRawJson({
      value: this.value,
      typing: this.rawTyping,
      disabled: this.execution.running,
      onValue: (next, typed) => {
        this.change([], next);
        this.forgetEditing();
        this.rawTyping = typed;
      },
      onTyping: (typed) => (this.rawTyping = typed),
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-form': ToolForm;
  }
}
