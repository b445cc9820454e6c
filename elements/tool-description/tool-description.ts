import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { renderMarkdown } from '../markdown/markdown-view.js';
import { styles } from './tool-description.styles.js';

// Past this many lines (or characters, for one long paragraph) the text starts folded to its first lines.
const FOLD_LINES = 4;
const FOLD_CHARS = 320;

/**
 * Markdown text from a server (a tool's description, the server's instructions), rendered without ever parsing HTML.
 * A long text shows its first lines with a "Show more" button; keyboard focus moving into the folded part unfolds it.
 *
 * @csspart text - The rendered text.
 * @csspart toggle - The "Show more"/"Show less" button.
 */
@customElement('tool-description')
export class ToolDescription extends LitElement {
  static override styles = styles;

  /** The Markdown source. */
  @property() text = '';

  // Stryker disable next-line BooleanLiteral: willUpdate folds it on the first update anyway (a first text is a change)
  @state() private expanded = false;

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('text')) this.expanded = false;
  }

  override render() {
    const long = this.text.trim().split('\n').length > FOLD_LINES || this.text.length > FOLD_CHARS;
    const folded = long && !this.expanded;
    return html`<div id="text" class=${folded ? 'description folded' : 'description'} part="text" @focusin=${this.handleFocusin}
      >${renderMarkdown(this.text)}</div
    >${
      long
        ? html`<button type="button" part="toggle" aria-controls="text" aria-expanded=${String(this.expanded)} @click=${this.handleToggle}>
            ${this.expanded ? 'Show less' : 'Show more'}
          </button>`
        : nothing
    }`;
  }

  private handleToggle(): void {
    this.expanded = !this.expanded;
  }

  // A link in the hidden part can still take keyboard focus (the browser scrolls the box to it): show it all instead.
  private handleFocusin(event: FocusEvent): void {
    const box = event.currentTarget as HTMLElement;
    const bottom = (event.target as HTMLElement).getBoundingClientRect().bottom - box.getBoundingClientRect().top;
    if (bottom + box.scrollTop > box.clientHeight) this.expanded = true;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-description': ToolDescription;
  }
}
