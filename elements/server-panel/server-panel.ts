import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { SERVER_LOG_LEVELS, type Diagnosis, type ServerLogLevel, type ServerState } from '../../protocol/index.js';
import { formatDuration } from '../display/format.js';
import type { ServerApi } from '../server-api.js';
import '../tool-description/tool-description.js';
import { styles } from './server-panel.styles.js';

const TRANSPORTS = { stdio: 'stdio (a local process)', 'streamable-http': 'Streamable HTTP', sse: 'HTTP with SSE' };

/** Capabilities as a person reads them: `tools (listChanged)`, `logging`, one per line. */
function capabilityList(capabilities: Record<string, unknown> | undefined) {
  const names = Object.entries(capabilities ?? {});
  if (!names.length) return html`<p class="muted">None declared.</p>`;
  return html`<ul>
    ${names.map(([name, value]) => {
      const options = typeof value === 'object' && value !== null ? Object.keys(value) : [];
      return html`<li>${name}${options.length ? ` (${options.join(', ')})` : ''}</li>`;
    })}
  </ul>`;
}

/** The doctor's evidence: the facts behind its sentence, each only when it saw it. */
function evidenceList({ evidence }: Diagnosis) {
  const facts: [string, unknown][] = [
    ['Command', evidence.command],
    ['URL', evidence.url],
    ['Exit code', evidence.exitCode],
    ['Signal', evidence.signal],
    ['HTTP status', evidence.status],
    ['Error code', evidence.code],
    ['Time limit', evidence.limitMs === undefined ? undefined : formatDuration(evidence.limitMs)],
    ['Protocol version', evidence.protocolVersion],
  ];
  return html`<dl>
      ${facts.filter(([, value]) => value !== undefined).map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}
    </dl>
    ${evidence.stderr?.length ? html`<h3>Last stderr lines</h3><pre>${evidence.stderr.join('\n')}</pre>` : nothing}
    ${evidence.stdout?.length ? html`<h3>What it wrote on stdout</h3><pre>${evidence.stdout.join('\n')}</pre>` : nothing}`;
}

/**
 * The MCP server as the console sees it: name, version, protocol version, transport and command or URL, the
 * capabilities both sides declared, roots and instructions; a log-level menu, Ping, Reconnect and (for a local
 * process) Restart; the server's last stderr lines; and, when the connection failed, the doctor's sentence with its
 * evidence and Retry. Everything the server wrote is shown as text.
 *
 * @fires server-state - The server's state after a control changed it: `{state}`.
 * @csspart doctor - Why the connection failed, with the evidence and Retry.
 * @csspart stderr - The server's last stderr lines.
 */
@customElement('server-panel')
export class ServerPanel extends LitElement {
  static override styles = styles;

  /** The client of the backend's `/server` routes, for the controls. */
  @property({ attribute: false }) api: ServerApi | undefined;
  /** The server's state, as the drawer last heard it. */
  @property({ attribute: false }) state: ServerState | undefined;
  /** The stderr lines to show, oldest first (the state's, then those streamed since). */
  @property({ attribute: false }) stderr: readonly string[] = [];

  /** What the last control is doing, or said. */
  @state() private busy = '';
  @state() private said = '';
  @state() private problem = '';

  override render() {
    const server = this.state;
    if (!server) return html`<p class="muted" role="status">Loading the server's state…</p>`;
    return html`
      ${server.diagnosis ? this.renderDoctor(server.diagnosis) : nothing}
      <section aria-labelledby="about">
        <h3 id="about">${server.connected ? 'Connected' : 'Not connected'}</h3>
        <dl>
          <dt>Name</dt><dd>${server.title ?? server.name ?? '(not known)'}${server.title && server.name ? ` (${server.name})` : ''}</dd>
          ${server.version ? html`<dt>Version</dt><dd>${server.version}</dd>` : nothing}
          ${server.protocolVersion ? html`<dt>Protocol version</dt><dd>${server.protocolVersion}</dd>` : nothing}
          ${server.transport ? html`<dt>Transport</dt><dd>${TRANSPORTS[server.transport]}</dd>` : nothing}
          <dt>${server.transport === 'stdio' ? 'Command' : 'URL'}</dt><dd><code>${server.target}</code></dd>
        </dl>
      </section>
      <section class="controls" aria-label="Controls">
        <label>Log level
          <select @change=${this.handleLevel} ?disabled=${!!this.busy}>
            ${SERVER_LOG_LEVELS.map((level) => html`<option ?selected=${level === server.logLevel}>${level}</option>`)}
          </select>
        </label>
        <button type="button" ?disabled=${!!this.busy} @click=${this.handlePing}>Ping</button>
        <button type="button" ?disabled=${!!this.busy} @click=${() => this.handleReconnect('reconnect')}>Reconnect</button>
        ${
          server.transport === 'stdio'
            ? html`<button type="button" ?disabled=${!!this.busy} @click=${() => this.handleReconnect('restart')}>Restart</button>`
            : nothing
        }
        <span class="said" role="status">${this.busy || this.said}</span>
      </section>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      <section aria-labelledby="server-caps"><h3 id="server-caps">Server capabilities</h3>${capabilityList(server.serverCapabilities)}</section>
      <section aria-labelledby="client-caps"><h3 id="client-caps">Client capabilities</h3>${capabilityList(server.clientCapabilities)}</section>
      <section aria-labelledby="roots">
        <h3 id="roots">Roots</h3>
        ${
          server.roots.length
            ? html`<ul>${server.roots.map((root) => html`<li><code>${root.uri}</code> ${root.name}</li>`)}</ul>`
            : html`<p class="muted">None.</p>`
        }
      </section>
      ${
        server.instructions
          ? html`<section aria-labelledby="instructions"><h3 id="instructions">Instructions</h3>
              <tool-description .text=${server.instructions}></tool-description></section>`
          : nothing
      }
      <section aria-labelledby="stderr">
        <h3 id="stderr">Stderr</h3>
        ${
          this.stderr.length
            ? html`<pre part="stderr" tabindex="0">${this.stderr.join('\n')}</pre>`
            : html`<p class="muted">${server.transport === 'stdio' ? 'Nothing on stderr yet.' : 'A URL server has no stderr here.'}</p>`
        }
      </section>
    `;
  }

  private renderDoctor(diagnosis: Diagnosis) {
    return html`<section class="doctor" part="doctor" role="alert">
      <p>${diagnosis.sentence}</p>
      ${evidenceList(diagnosis)}
      <button type="button" ?disabled=${!!this.busy} @click=${() => this.handleReconnect('reconnect')}>Retry</button>
    </section>`;
  }

  private handleLevel(event: Event): void {
    const level = (event.target as HTMLSelectElement).value as ServerLogLevel;
    void this.act(
      'Setting the log level',
      () => this.api!.setLogLevel(level),
      (state) => `Log level: ${state.logLevel}`,
    );
  }

  private handlePing(): void {
    void this.act(
      'Ping',
      () => this.api!.ping(),
      ({ ms }) => `Ping: ${formatDuration(ms)}`,
    );
  }

  private handleReconnect(how: 'reconnect' | 'restart'): void {
    const what = how === 'restart' ? 'Restarting' : 'Reconnecting';
    void this.act(
      what,
      () => this.api!.reconnect(how),
      () => (how === 'restart' ? 'Restarted.' : 'Reconnected.'),
    );
  }

  /** Runs one control: says it is busy, then what came of it; a new state goes up to the drawer. */
  private async act<T>(what: string, work: () => Promise<T>, success: (result: T) => string): Promise<void> {
    this.busy = `${what}…`;
    this.problem = this.said = '';
    try {
      const result = await work();
      this.said = success(result);
      if (typeof result === 'object' && result !== null && 'connected' in result)
        this.dispatchEvent(
          new CustomEvent('server-state', { detail: { state: result }, bubbles: true, composed: true }),
        );
    } catch (error) {
      this.problem = `${what} failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.busy = '';
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'server-panel': ServerPanel;
  }
}
