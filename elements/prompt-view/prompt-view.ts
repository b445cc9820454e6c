import { Task, TaskStatus } from '@lit/task';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GetPromptResult, PromptArgument, PromptSummary } from '../api.js';
import type { ToolAnswerDetail, ToolDismissDetail } from '../events.js';
import type { CatalogApi } from '../catalog-api.js';
import { renderArgumentField } from '../completion/argument-field.js';
import { CompletionController } from '../completion/completion-controller.js';
import { answerFailure } from '../content/answer-failure.js';
import { ContentState } from '../content/content-state.js';
import { renderPromptMessage } from './prompt-message.js';
import { AskedQuestions } from '../tool-question/asked-questions.js';
import '../tool-question/tool-question.js';
import { styles } from './prompt-view.styles.js';

/**
 * One prompt: a form of its arguments (required ones marked, each with its description and, with `completions`, the
 * backend's suggestions as you type), and Get, which shows the messages the backend's `prompts/get` returns, each
 * with its role and its content (text, image, audio, resource link, embedded resource). A question the backend asks
 * while it gets the prompt (a 2026-07-28 server's `input_required`, a host getter's `ctx.elicit`) is shown in the
 * console's question dialog (`<tool-question>`) and answered from there. Given only a prompt's name, it loads the
 * prompt's detail first. A failure shows the server's message.
 *
 * @csspart form - The form of the arguments.
 * @csspart field - One argument's label, description and input.
 * @csspart get - The Get button.
 * @csspart messages - The messages the prompt returned.
 * @csspart message - One message.
 * @csspart role - A message's role.
 * @csspart error - What failed, with the server's message.
 */
@customElement('prompt-view')
export class PromptView extends LitElement {
  static override styles = styles;

  /** The backend's catalog, which loads the prompt, gets its messages and completes its arguments. */
  @property({ attribute: false }) catalog?: CatalogApi;
  /** The prompt to show: an entry of the prompt list (with its arguments), or just `{name}` to load it. */
  @property({ attribute: false }) prompt?: PromptSummary;
  /** Whether the backend offers completion: suggests argument values as you type. */
  @property({ type: Boolean }) completions = false;

  @state() private values: Record<string, string> = {};
  /** The prompt whose messages were asked for: the result shown belongs to it. */
  // Stryker disable next-line StringLiteral: either start value is a name no prompt shown was asked for by Get
  @state() private askedFor = '';

  private content = new ContentState(this);
  private suggestions = new CompletionController(this);
  private asked = new AskedQuestions(this);

  private detail = new Task(this, {
    task: async ([catalog, prompt]: [CatalogApi | undefined, PromptSummary | undefined], { signal }) => {
      if (!prompt) return undefined;
      if (Array.isArray(prompt.arguments) || !catalog) return prompt;
      return catalog.getPromptDetail(prompt.name, signal);
    },
    args: () => [this.catalog, this.prompt] as [CatalogApi | undefined, PromptSummary | undefined],
  });

  private result = new Task(this, {
    task: async ([name, args]: [string, Record<string, string>], { signal }) => {
      const catalog = this.catalog!;
      const onEvent = this.asked.start((id, answer, answering) => catalog.answerPrompt(name, id, answer, answering));
      try {
        const result = await catalog.getPrompt(name, args, signal, onEvent);
        this.content.reset();
        return result;
      } finally {
        this.asked.end();
      }
    },
    // Stryker disable next-line BooleanLiteral: a task without `args` never runs by itself; Get runs it
    autoRun: false,
  });

  override willUpdate(changed: PropertyValues<this>): void {
    this.suggestions.catalog = this.catalog;
    this.suggestions.enabled = this.completions;
    if (changed.has('prompt') && changed.get('prompt')?.name !== this.prompt?.name) {
      this.values = {};
      this.suggestions.reset();
      this.result.abort();
      // A new prompt shows no messages of the one before.
      // Stryker disable next-line StringLiteral: any value but the new prompt's name hides them alike
      this.askedFor = '';
    }
  }

  override render() {
    if (!this.prompt) return html`<p class="status">No prompt chosen.</p>`;
    return this.detail.render({
      pending: () => html`<p class="status" role="status">Loading ${this.prompt!.name}…</p>`,
      error: (error) => this.renderFailure(`Loading the prompt ${this.prompt!.name} failed`, error),
      complete: (prompt) => (prompt ? this.renderPrompt(prompt) : nothing),
    });
  }

  private renderPrompt(prompt: PromptSummary) {
    // Stryker disable next-line ArrayDeclaration: the filter drops an entry without a string name, made up or not
    const args = (prompt.arguments ?? []).filter((arg): arg is PromptArgument => typeof arg?.name === 'string');
    const pending = this.askedFor === prompt.name && this.result.status === TaskStatus.PENDING;
    return html`<h3>${prompt.title || prompt.name}</h3>
      ${prompt.title && prompt.title !== prompt.name ? html`<code class="name">${prompt.name}</code>` : nothing}
      ${prompt.description ? html`<p class="description">${prompt.description}</p>` : nothing}
      <form part="form" @submit=${this.handleSubmit}>
        ${args.length ? nothing : html`<p class="hint">This prompt takes no arguments.</p>`}
        ${args.map((arg, index) =>
          renderArgumentField({
            id: `argument-${index}`,
            name: arg.name,
            label: arg.title || arg.name,
            description: arg.description,
            required: arg.required === true,
            value: this.values[arg.name] ?? '',
            suggestions: this.suggestions.valuesFor(arg.name),
            problem: this.suggestions.problemFor(arg.name),
            handleInput: (event) => this.handleInput(prompt.name, arg.name, event),
          }),
        )}
        <button type="submit" part="get" ?disabled=${pending}>${pending ? 'Getting…' : 'Get'}</button>
      </form>
      <tool-question .question=${this.asked.questions[0]} @tool-answer=${this.handleAnswer}
        @tool-dismiss=${this.handleDismiss}></tool-question>
      ${this.asked.notice ? html`<p class="status" role="status">${this.asked.notice}</p>` : nothing}
      ${
        this.askedFor !== prompt.name
          ? nothing
          : this.result.render({
              error: (error) => this.renderFailure(`Getting the prompt ${prompt.name} failed`, error),
              complete: (result) => this.renderMessages(result),
            })
      }`;
  }

  private renderMessages(result: GetPromptResult) {
    return html`<section part="messages" aria-label="Messages">
      ${result.description ? html`<p class="description">${result.description}</p>` : nothing}
      ${
        result.messages.length
          ? result.messages.map((message) => renderPromptMessage(message, this.content))
          : html`<p class="status">The prompt returned no messages.</p>`
      }
    </section>`;
  }

  private renderFailure(what: string, error: unknown) {
    const { title, hint } = answerFailure(error);
    return html`<div class="error" part="error" role="alert">
      <strong>${what}: ${title}</strong>
      ${hint ? html`<p>${hint}</p>` : nothing}
    </div>`;
  }

  private handleInput(promptName: string, name: string, event: InputEvent): void {
    const value = (event.target as HTMLInputElement).value;
    this.values = { ...this.values, [name]: value };
    const context = Object.fromEntries(Object.entries(this.values).filter(([key, v]) => key !== name && v !== ''));
    this.suggestions.ask({ type: 'ref/prompt', name: promptName }, name, value, context);
  }

  private handleAnswer(event: CustomEvent<ToolAnswerDetail>): void {
    void this.asked.answer(event.detail.id, event.detail.answer);
  }

  private handleDismiss(event: CustomEvent<ToolDismissDetail>): void {
    this.asked.dismiss(event.detail.id);
  }

  private handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    if (!form.reportValidity() || !this.catalog || !this.prompt) return;
    // MCP's prompt arguments are strings; one left empty is not given.
    const args = Object.fromEntries(Object.entries(this.values).filter(([, value]) => value !== ''));
    this.askedFor = this.prompt.name;
    void this.result.run([this.prompt.name, args]);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'prompt-view': PromptView;
  }
}
