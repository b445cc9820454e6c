import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { emit } from '../events.js';
import { theme } from '../theme.styles.js';

/**
 * A Bearer token field. The token lives in this element and in the ToolApi only: never in storage, the URL or an
 * attribute, and the field asks password managers and autofill to stay away.
 *
 * @fires tool-token-change - The token changed; `detail.token` (as typed; `Bearer ` is added when sent).
 * @csspart input - The token field.
 * @csspart toggle - The Show/Hide button.
 */
@customElement('tool-auth-bar')
export class ToolAuthBar extends LitElement {
  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        align-items: center;
        gap: 6px;
        font-size: 13px;
      }
      label {
        color: var(--_muted);
        white-space: nowrap;
      }
      input,
      button {
        font: inherit;
        color: inherit;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_bg);
        padding: 5px 8px;
      }
      input {
        width: 16em;
        min-width: 0;
        font-family: var(--_mono);
        font-size: 12px;
      }
      button {
        cursor: pointer;
        background: var(--_surface);
      }
      button:hover {
        background: var(--_hover);
      }
    `,
  ];

  /** The token as typed (in memory only; the property is not reflected to an attribute). */
  @property({ attribute: false }) token = '';

  @state() private shown = false;

  override render() {
    return html`<label for="token">Bearer token</label>
      <input
        id="token"
        part="input"
        type=${this.shown ? 'text' : 'password'}
        autocomplete="off"
        spellcheck="false"
        placeholder="none"
        .value=${this.token}
        @input=${this.onInput}
      />
      <button type="button" part="toggle" aria-pressed=${this.shown ? 'true' : 'false'} @click=${this.toggle}>
        ${this.shown ? 'Hide' : 'Show'}
      </button>`;
  }

  private onInput(event: Event): void {
    this.token = (event.target as HTMLInputElement).value;
    emit(this, 'tool-token-change', { token: this.token });
  }

  private toggle(): void {
    this.shown = !this.shown;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-auth-bar': ToolAuthBar;
  }
}
