import { LitElement, adoptStyles, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { QuestionAnswer, ServerInfo, UrlElicitation, ValidationFailure } from '../api.js';
import type { OpenQuestion } from '../call/tool-call.js';
import type { SamplingDraft } from './sampling-view.js';
import { emit } from '../events.js';
import { renderObject } from '../fields/container-fields.js';
import { FieldState } from '../fields/field-state.js';
import { focusProblem } from '../fields/focus-problem.js';
import { seedArguments } from '../schema/defaults.js';
import type { Field } from '../schema/field-descriptor.js';
import { type JsonPath, isWithin, setAt, toPointer } from '../schema/json-pointer.js';
import { localProblems } from './local-check.js';
import { httpUrl } from '../display/safe-url.js';
import { describeSchema } from '../schema/schema-fields.js';
import { styles } from './tool-question.styles.js';

const CONTROLS = 'input, select, textarea, button';

type SamplingView = typeof import('./sampling-view.js');
let samplingLoad: Promise<SamplingView | Error> | undefined;

/** The sampling view, loaded on the first sampling question (most calls never ask one); a failed load is retried. */
function loadSamplingView(): Promise<SamplingView | Error> {
  return (samplingLoad ??= import('./sampling-view.js').catch((error: unknown) => {
    samplingLoad = undefined;
    return error instanceof Error ? error : new Error(String(error));
  }));
}

/**
 * A question a tool's server asks during a call (MCP elicitation), in a modal dialog named by the server's message:
 * a form drawn from its `requestedSchema` by the tool form's own machinery (form mode), or a link the user may open
 * (URL mode); or, for a sampling request, the conversation the server hands to the model and a reply the user writes
 * as that model (its view loads with the first one). Decline and Cancel are always offered; Escape is Cancel. The element draws `question` and asks its
 * owner to answer; the owner (`<tool-console>`, through the call) sends the answer and hands back the question as it
 * then stands, or none once it is closed, which closes the dialog and gives the focus back.
 *
 * @fires tool-answer - The user answered: `{id, answer}` (accept with the values, with none in URL mode, or with the
 *   model's reply; decline; cancel).
 * @fires tool-dismiss - The user closed a question that waits only for its server (URL mode, after Open).
 * @csspart dialog - The dialog.
 * @csspart message - The server's message (for a sampling request, the line saying who asks).
 * @csspart domain - The link's domain.
 * @csspart url - The link in full.
 * @csspart accept - Accept, or Open.
 * @csspart decline - Decline.
 * @csspart cancel - Cancel. Fields have the tool form's parts (`field`, `label`, `input`, `error`).
 * @csspart system-prompt - A sampling request's system prompt.
 * @csspart conversation - A sampling request's messages.
 * @csspart settings - A sampling request's settings (token limit, temperature, model preferences).
 * @csspart reply - The reply the user writes as the model.
 * @csspart model - The model name the reply goes out under.
 * @csspart image - An image in a sampling request's messages.
 * @csspart audio - An audio clip in a sampling request's messages.
 */
@customElement('tool-question')
export class ToolQuestion extends LitElement {
  static override styles = styles;

  /** The question to ask; none closes the dialog. */
  @property({ attribute: false }) question: OpenQuestion | undefined;
  /** The server that asks (the console's `server`), named in the dialog. */
  @property({ attribute: false }) server: ServerInfo | undefined;

  @query('dialog') private dialog!: HTMLDialogElement;

  /** The id of the question the fields below belong to. */
  private questionId: string | undefined;
  private fields: Field | undefined;
  private value: Record<string, unknown> = {};
  private fieldState = new FieldState(() => this.requestUpdate());
  /** Accept was pressed: from then on every problem the form sees is shown as it is. */
  private attempted = false;
  /** The server's field errors drawn now, and the places edited since they came (their errors no longer apply). */
  private serverErrors: readonly ValidationFailure[] | undefined;
  private edited = new Set<string>();
  /** A sampling request's reply as the user writes it (the view keeps it here), and the view once loaded. */
  private draft: SamplingDraft = {};
  private sampling: SamplingView | Error | undefined;

  protected override willUpdate(): void {
    const question = this.question;
    if (question?.id !== this.questionId) {
      this.questionId = question?.id;
      // Drawn once per question; the schema's defaults are filled in, and sent unless the user changes them.
      this.fields = question?.params.mode === 'form' ? describeSchema(question.params.requestedSchema) : undefined;
      this.value = this.fields ? seedArguments(this.fields) : {};
      this.fieldState.forgetEditing();
      this.attempted = false;
      this.draft = {};
      // Every sampling question asks for the view: one loaded comes at once (its import is kept), one that failed is
      // tried again.
      if (question?.params.mode === 'sampling') void this.loadSampling();
    }
    if (question?.errors !== this.serverErrors) {
      this.serverErrors = question?.errors;
      this.edited.clear();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    const { dialog, question } = this;
    if (!question) {
      // Closing (rather than dropping) the dialog gives the focus back to where it was before it opened; closing one
      // that is not open does nothing.
      dialog.close();
      return;
    }
    // While an answer is on its way the dialog stays as it is, even if the browser closed it (a second Escape). A
    // sampling request waits for its view, so that the dialog opens with the focus in the reply.
    if (!dialog.open && !question.sending && (question.params.mode !== 'sampling' || this.sampling)) {
      dialog.showModal();
    }
    // The next question in an open dialog: the focus starts at its beginning, as it did for the first.
    else if (changed.has('question') && (changed.get('question') as OpenQuestion | undefined)?.id !== question.id) {
      this.renderRoot.querySelector<HTMLElement>(CONTROLS)?.focus();
    }
  }

  override render() {
    const question = this.question;
    return html`<dialog part="dialog" aria-labelledby=${question ? 'message' : nothing} @cancel=${this.handleCancel}
      @close=${() => this.requestUpdate()}>
      ${
        question
          ? question.params.mode === 'sampling'
            ? this.renderSampling(question)
            : html`<p class="asker">${this.asker()} asks:</p>
              <p id="message" class="message" part="message">${question.params.message || '(The server gave no message.)'}</p>
              ${
                question.params.mode === 'url' ? this.renderLink(question, question.params) : this.renderForm(question)
              }`
          : nothing
      }
    </dialog>`;
  }

  private renderForm(question: OpenQuestion) {
    const fields = this.fields;
    const drawable = fields?.kind === 'object';
    const visible = this.visibleErrors();
    const ctx = this.fieldState.context(visible, (path, next) => this.change(path, next), false);
    // The answer's object is drawn bare, with no frame of its own: its flags are neither drawn nor read.
    // Stryker disable next-line BooleanLiteral: as said above (a bare object reads only path, value and label)
    const top = { path: [], value: this.value, label: '', required: true, removable: false };
    const body = drawable
      ? html`<div class="fields">${renderObject(ctx, { ...top, field: fields }, fields, true)}</div>`
      : html`<p class="status">The page cannot draw this question as a form: decline or cancel it.</p>`;
    const unplaced = this.fieldState.unplaced(visible);
    return html`<form novalidate @submit=${this.handleSubmit}>
      <div class="top-errors">
        ${
          unplaced.length
            ? html`<ul class="error" part="error" tabindex="-1">
              ${unplaced.map((error) => html`<li>${error.path || 'Answer'}: ${error.message}</li>`)}
            </ul>`
            : nothing
        }
      </div>
      ${body} ${this.renderActions(question, drawable ? 'Accept' : undefined)}
    </form>`;
  }

  private asker(): string {
    return this.server?.title || this.server?.name || 'The server';
  }

  private renderSampling(question: OpenQuestion) {
    const view = this.samplingView();
    return view
      ? view.renderSampling(this, question, this.draft, this.renderActions(question, 'Accept'), (answer) =>
          this.answer(answer),
        )
      : html`<p id="message" class="message" part="message">${this.asker()} asks the model for a reply</p>
          ${this.sampling ? this.renderActions({ ...question, problem: String(this.sampling) }, undefined) : nothing}`;
  }

  private samplingView(): SamplingView | undefined {
    return this.sampling instanceof Error ? undefined : this.sampling;
  }

  private async loadSampling(): Promise<void> {
    const view = await loadSamplingView();
    // The page's CSP allows no inline styles: the view's styles are adopted, as the element's own are.
    if (!(view instanceof Error)) {
      adoptStyles(this.renderRoot as ShadowRoot, [...ToolQuestion.elementStyles, view.samplingStyles]);
    }
    this.sampling = view;
    this.requestUpdate();
    await this.updateComplete;
    // The next question of a dialog that stayed open: the focus goes to the reply, as a fresh dialog's does.
    if (this.dialog.open) this.renderRoot.querySelector<HTMLElement>(CONTROLS)?.focus();
  }

  private renderLink(question: OpenQuestion, params: UrlElicitation) {
    if (question.waiting) {
      return html`<p class="status" role="status">Finish in the new tab; this closes when the server says it is done.</p>
        <div class="actions">
          <button type="button" @click=${() => emit(this, 'tool-dismiss', { id: question.id })}>Close</button>
        </div>`;
    }
    const url = httpUrl(params.url);
    // `host` is the ASCII form of the name (punycode): a look-alike domain cannot pass for the one it imitates.
    const host = url ? new URL(url).host : undefined;
    return html`${
      host
        ? html`<p class="status">Opens a page on</p>
          <p class="domain" part="domain">${host}</p>`
        : html`<p class="warning">Only http and https links can be opened from here: this one is shown as text.</p>`
    }
      <p class="url" part="url">${params.url}</p>
      ${this.renderActions(question, host && `Open ${host}`, () => this.open(url!))}`;
  }

  /** Accept (or Open) when the question can be accepted, then Decline and Cancel; and how the last answer went. */
  private renderActions(question: OpenQuestion, accept: string | undefined, onAccept?: () => void) {
    // aria-disabled, not disabled, while sending: a disabled button drops the focus it holds. Accept submits its form
    // (a question's fields, a sampling reply); Open, with its own handler, stands in no form, where submit does nothing.
    const busy = question.sending ? 'true' : 'false';
    return html`${question.problem ? html`<p class="error" part="error" role="alert">${question.problem}</p>` : nothing}
      <div class="actions">
        ${
          accept
            ? html`<button type="submit" class="primary" part="accept" aria-disabled=${busy}
              @click=${onAccept ?? nothing}>${accept}</button>`
            : nothing
        }
        <button type="button" part="decline" aria-disabled=${busy} @click=${() => this.answer({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" part="cancel" aria-disabled=${busy} @click=${() => this.answer({ action: 'cancel' })}>
          Cancel
        </button>
        ${question.sending ? html`<span class="status">Sending…</span>` : nothing}
      </div>`;
  }

  /** What to show: the form's own findings once Accept was pressed, and the server's, where nothing changed since. */
  private visibleErrors(): ValidationFailure[] {
    const local = this.attempted && this.fields ? localProblems(this.fields, this.value) : [];
    const said = new Set(local.map((error) => `${error.keyword} ${error.path}`));
    const edited = [...this.edited];
    const fromServer = (this.serverErrors ?? []).filter(
      (error) =>
        !said.has(`${error.keyword} ${error.path}`) && !edited.some((pointer) => isWithin(error.path, pointer)),
    );
    return [...local, ...fromServer];
  }

  private change(path: JsonPath, next: unknown): void {
    this.edited.add(toPointer(path));
    this.value = setAt(this.value, path, next) as Record<string, unknown>;
    this.requestUpdate();
  }

  /** Accept: nothing is sent while the form sees a problem; the first one gets the focus. */
  private async handleSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    // Stryker disable next-line OptionalChaining: the form is drawn only for a question, so there is one here
    if (!this.fields || this.fields.kind !== 'object' || this.question?.sending) return;
    this.attempted = true;
    if (!localProblems(this.fields, this.value).length) {
      this.answer({ action: 'accept', content: this.value });
      return;
    }
    this.requestUpdate();
    await this.updateComplete;
    const place = this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"], .top-errors ul');
    if (place) focusProblem(place);
  }

  /** Opens the link, only now that the user asked to, in a tab that gets no handle on this page nor its address. */
  private open(url: string): void {
    // Stryker disable next-line OptionalChaining: Open is drawn only for a question, so there is one here
    if (this.question?.sending) return;
    window.open(url, '_blank', 'noopener,noreferrer');
    // URL mode's accept: the user agreed to go there. The server says when the flow there is done.
    this.answer({ action: 'accept' });
  }

  /** Escape: Cancel, or closing a question that only waits for its server. */
  private handleCancel(event: Event): void {
    event.preventDefault();
    const question = this.question;
    // Stryker disable next-line OptionalChaining: only an open dialog gets Escape, and it is open only with a question
    if (question?.waiting) emit(this, 'tool-dismiss', { id: question.id });
    else this.answer({ action: 'cancel' });
  }

  private answer(answer: QuestionAnswer): void {
    const question = this.question;
    if (question && !question.sending) emit(this, 'tool-answer', { id: question.id, answer });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-question': ToolQuestion;
  }
}
