// The Server drawer's place in <tool-console>: its button in the header (for a backend that offers `inspect`) and the
// drawer itself, whose script loads when the button is first pressed. Once opened it stays in the page, closed or
// open, so it keeps following the server's log (and counting unseen notifications) while closed.
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ToolApi } from '../api.js';
import { describeFailure, renderFailure } from './failure-notice.js';

/** Defines `<server-drawer>` (protocol log, notifications, server panel), when its button is first pressed. */
const loadServerDrawer = () => import('../server-drawer/server-drawer.js');

export class DrawerSlot {
  /** Open or closed once first opened, undefined before. */
  private open: boolean | undefined;
  /** `<server-drawer>` is defined, or why it could not be loaded. */
  private loaded: true | string | undefined;

  /** `host`: the console, drawn again when the drawer opens, closes or loads. */
  constructor(private readonly host: ReactiveControllerHost) {}

  /**
   * Opens or closes the drawer, loading it the first time (the Server button, the drawer's Close, Retry). Later
   * presses find the script loaded: the browser loads a module once.
   */
  readonly handleToggle = (): void => {
    this.open = !this.open;
    this.host.requestUpdate();
    loadServerDrawer()
      .then(
        () => (this.loaded = true),
        (error: unknown) => (this.loaded = describeFailure(error, 'Loading the Server drawer')),
      )
      .finally(() => this.host.requestUpdate());
  };

  close(): void {
    this.open = false;
    this.host.requestUpdate();
  }

  /** The header's Server button, for a backend whose `offers` has `inspect`. */
  renderButton(offers: string) {
    if (!/\binspect\b/.test(offers)) return nothing;
    return html`<button type="button" aria-expanded=${!!this.open} @click=${this.handleToggle}>Server</button>`;
  }

  /** The drawer, once loaded; `onOpenTool`: its protocol log's "Open in form". */
  render(api: ToolApi, onOpenTool: (event: CustomEvent<{ name: string; arguments: Record<string, unknown> }>) => void) {
    if (typeof this.loaded === 'string') return renderFailure(this.loaded, this.handleToggle);
    if (!this.loaded) return nothing;
    return html`<server-drawer .api=${api} .open=${!!this.open} @server-drawer-close=${this.handleToggle}
      @tool-open=${onOpenTool}></server-drawer>`;
  }
}
