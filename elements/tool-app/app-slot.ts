// Where a tool's own interface (MCP Apps) shows: under the result of the call that opened it, one view per call. The
// view, <tool-app>, carries ext-apps' AppBridge with its MCP client and zod (about 62 KB gzip), so it loads on the
// first call of a tool with an interface, never before. The view outlives a switch to another tool (an app may work
// with the tools run next: server-pdf's viewer answers `interact`). A view that is replaced (a new call of a tool with
// an interface) or closed by the person is hidden, tells its app it is going (`ui/resource-teardown`) and leaves the
// page once the app has answered: its frame must still be there to hear it.
import { html, nothing } from 'lit';
import type { ToolDetail } from '../api.js';
import type { ToolCall } from '../call/tool-call.js';
import { uiResourceUri } from './tool-ui.js';
import type { ToolApp } from './tool-app.js';

let load: Promise<unknown> | undefined;

/** Defines <tool-app> once; a load that failed is tried again on the next call. */
function loadToolApp(): Promise<unknown> {
  return (load ??= import('./tool-app.js').catch((error: unknown) => {
    load = undefined;
    throw error;
  }));
}

/** What a view needs: the tool and its call, the backend, the sandbox proxy page, and the tool list. */
export type AppViewOptions = Pick<ToolApp, 'api' | 'tool' | 'call' | 'sandbox' | 'toolNamed'>;

export class AppSlot {
  /** The element the console places under its result: the current view, and those closing (hidden). */
  readonly container = Object.assign(document.createElement('div'), { className: 'apps' });
  private current: ToolApp | undefined;

  constructor() {
    this.container.addEventListener('tool-app-close', () => this.close());
  }

  /** The call that just started: its tool's interface shows under it, if it has one (and there is a sandbox). */
  open(options: AppViewOptions): void {
    // A call of a tool without an interface leaves the open one be: the app may be what that call talks to.
    if (!uiResourceUri(options.tool?.ui) || !options.sandbox) return;
    this.close();
    const view = Object.assign(document.createElement('tool-app'), options);
    this.current = view;
    this.container.append(view);
    loadToolApp().catch((error: unknown) => {
      // Not upgraded, the element shows its own text: there is nothing else to show.
      view.textContent = `The tool's interface could not be loaded (${error instanceof Error ? error.message : error}).`;
    });
  }

  /** A new snapshot of a call: the view of that call gets it. */
  update(call: ToolCall): void {
    if (this.current?.call?.run === call.run) this.current.call = call;
  }

  /** The current view goes: hidden at once, removed once its app has heard it (a view still loading, once loaded). */
  close(): void {
    const view = this.current;
    this.current = undefined;
    if (!view) return;
    view.hidden = true;
    // A view whose module never loaded has no close(): calling it throws into the catch, and the view goes all the same.
    (load ?? Promise.resolve())
      .then(() => view.close())
      .catch(() => {})
      .finally(() => view.remove());
  }
}

/** Where a console without a sandbox origin would show a tool's interface: why it does not. */
export function renderNoSandbox(tool: ToolDetail | undefined, sandbox: string) {
  if (!uiResourceUri(tool?.ui) || sandbox) return nothing;
  return html`<p class="notice">This tool has its own interface, but this console serves no sandbox origin to show it
    in (option <code>sandboxOrigin</code>, CLI <code>--sandbox-port</code>).</p>`;
}
