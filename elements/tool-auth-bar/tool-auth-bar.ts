import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { emit } from '../events.js';
import { styles } from './tool-auth-bar.styles.js';

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
  static override styles = styles;

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
        @input=${this.handleInput}
      />
      <button type="button" part="toggle" aria-pressed=${this.shown ? 'true' : 'false'} @click=${this.handleToggle}>
        ${this.shown ? 'Hide' : 'Show'}
      </button>`;
  }

  private handleInput(event: Event): void {
    this.token = (event.target as HTMLInputElement).value;
    emit(this, 'tool-token-change', { token: this.token });
  }

  private handleToggle(): void {
    this.shown = !this.shown;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-auth-bar': ToolAuthBar;
  }
}
