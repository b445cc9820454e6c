import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ResourceTemplateSummary, ToolApi } from '../api.js';
import type { CatalogApi } from '../catalog-api.js';
import { renderArgumentField } from '../completion/argument-field.js';
import { CompletionController } from '../completion/completion-controller.js';
import '../resource-view/resource-view.js';
import { UriTemplate, UriTemplateError } from './uri-template.js';
import { styles } from './template-view.styles.js';

/**
 * A resource template (RFC 6570) as a form: a field per variable, with the backend's suggestions as you type when it
 * offers completion (the other variables' values sent as context), the URI they expand to, and Read, which shows that
 * resource in a `<resource-view>` below.
 *
 * @csspart form - The form of the template's variables.
 * @csspart field - One variable's label and input.
 * @csspart expanded - The URI the variables expand to.
 * @csspart read - The Read button.
 * @csspart resource - The `<resource-view>` of the URI read.
 * @csspart error - Why the template cannot be filled in.
 */
@customElement('template-view')
export class TemplateView extends LitElement {
  static override styles = styles;

  /** The backend that reads the expanded URI. */
  @property({ attribute: false }) api?: ToolApi;
  /** The backend's catalog, which completes the variables. */
  @property({ attribute: false }) catalog?: CatalogApi;
  /** The resource template to fill in: an entry of the template list. */
  @property({ attribute: false }) template?: ResourceTemplateSummary;
  /** Whether the backend offers completion: suggests variable values as you type. */
  @property({ type: Boolean }) completions = false;

  @state() private values: Record<string, string> = {};
  /** The URI read, shown below the form. */
  // Stryker disable next-line StringLiteral: willUpdate empties it when the first template is set, before any render of it
  @state() private readUri = '';

  private parsed: UriTemplate | UriTemplateError | undefined;
  private suggestions = new CompletionController(this);

  override willUpdate(changed: PropertyValues<this>): void {
    this.suggestions.catalog = this.catalog;
    this.suggestions.enabled = this.completions;
    if (changed.has('template') && changed.get('template')?.uriTemplate !== this.template?.uriTemplate) {
      this.values = {};
      this.readUri = '';
      this.suggestions.reset();
      try {
        this.parsed = this.template ? new UriTemplate(this.template.uriTemplate) : undefined;
      } catch (error) {
        this.parsed = error instanceof UriTemplateError ? error : new UriTemplateError(String(error));
      }
    }
  }

  override render() {
    const template = this.template;
    if (!template) return html`<p class="status">No resource template chosen.</p>`;
    return html`<h3>${template.title || template.name}</h3>
      <code class="template">${template.uriTemplate}</code>
      ${template.description ? html`<p class="description">${template.description}</p>` : nothing}
      ${
        this.parsed instanceof UriTemplateError
          ? html`<p class="error" part="error" role="alert">This template cannot be filled in: ${this.parsed.message}</p>`
          : this.parsed
            ? this.renderForm(template, this.parsed)
            : nothing
      }
      ${
        this.readUri
          ? html`<resource-view
              part="resource"
              .api=${this.api}
              .catalog=${this.catalog}
              .resource=${{ uri: this.readUri, name: template.name, mimeType: template.mimeType }}
            ></resource-view>`
          : nothing
      }`;
  }

  private renderForm(template: ResourceTemplateSummary, parsed: UriTemplate) {
    const uri = this.expanded(parsed);
    return html`<form part="form" @submit=${this.handleSubmit}>
      ${parsed.variables.map((name, index) =>
        renderArgumentField({
          id: `variable-${index}`,
          name,
          label: name,
          value: this.values[name] ?? '',
          suggestions: this.suggestions.valuesFor(name),
          problem: this.suggestions.problemFor(name),
          handleInput: (event) => this.handleInput(template.uriTemplate, name, event),
        }),
      )}
      <p class="expanded">URI: <code part="expanded">${uri}</code></p>
      <button type="submit" part="read">Read</button>
    </form>`;
  }

  /** The URI for the values typed; a field left empty is left out. */
  private expanded(parsed: UriTemplate): string {
    const given = Object.fromEntries(Object.entries(this.values).filter(([, value]) => value !== ''));
    return parsed.expand(given);
  }

  private handleInput(uriTemplate: string, name: string, event: InputEvent): void {
    const value = (event.target as HTMLInputElement).value;
    this.values = { ...this.values, [name]: value };
    const context = Object.fromEntries(Object.entries(this.values).filter(([key, v]) => key !== name && v !== ''));
    this.suggestions.ask({ type: 'ref/resource', uri: uriTemplate }, name, value, context);
  }

  private handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    // Stryker disable next-line ConditionalExpression: only a parsed template has a form to submit; this narrows the type
    if (this.parsed instanceof UriTemplate) this.readUri = this.expanded(this.parsed);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'template-view': TemplateView;
  }
}
