import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  expectationToFlag,
  formatProblem,
  parseCollection,
  type CollectionFile,
  type SavedCall,
  type ServerTarget,
} from '../../protocol/collections.js';
import type { ToolApi, ToolDetail } from '../api.js';
import { ServerApi } from '../server-api.js';
import { callCommand, type CommandCall } from '../display/call-command.js';
import type { RunVerdict } from './check-expectations.js';
import { CollectionStore, collectionKey, exportText } from './collection-store.js';
import { renderSaveForm } from './save-form.js';
import { addDraft, freeName, type SaveDraft } from './save-draft.js';
import { runSavedCall, runSummary, verdictText } from './run-saved-call.js';
import { styles } from './saved-calls.styles.js';

/** The backend's MCP server as a `tool-console call` target, when the backend says what it fronts. */
async function fetchTarget(api: ToolApi): Promise<ServerTarget | undefined> {
  try {
    const { transport, target } = await new ServerApi(api).state();
    if (transport === 'stdio') return { stdio: target };
    if (transport === 'streamable-http') return { url: target };
  } catch {
    // A backend without `/server` (a host's own tools): the command names no server, the user adds one.
  }
  return undefined;
}

/**
 * Saved calls: "Save call" names the form's current arguments (with optional expectations) into the console's
 * collection, kept in the browser per backend in the file format `tool-console run` reads. The collection is listed
 * with Open, Run, Command, Rename and Delete per call; Run all runs them in order, a line per call and a summary;
 * Export writes the file, Import reads one (saying where it is wrong). "Copy as command" gives the
 * `tool-console call` line of the current arguments or of a saved call. Never stores a token or a header.
 *
 * @fires tool-open - Open on a saved call: `{name, arguments}`, for the console to open that tool with them.
 * @csspart collection - The list of saved calls.
 * @csspart command - The command line shown for copying.
 * @csspart summary - The summary of the last Run all.
 */
@customElement('saved-calls')
export class SavedCalls extends LitElement {
  static override styles = styles;

  /** The backend's client: where saved calls run, and whose URL names the collection's storage key. */
  @property({ attribute: false }) api: ToolApi | undefined;
  /** The open tool, whose current arguments "Save call" saves. */
  @property({ attribute: false }) tool: ToolDetail | undefined;
  /** Reads the form's current arguments. */
  @property({ attribute: false }) formArguments: () => unknown = () => ({});

  @state() private collection: CollectionFile = { version: 1, calls: [] };
  @state() private draft: SaveDraft | undefined;
  @state() private problems: string[] = [];
  @state() private verdicts = new Map<string, RunVerdict | 'running'>();
  @state() private summary = '';
  @state() private command: { label: string; text: string } | undefined;
  @state() private renaming: string | undefined;
  @state() private notice = '';
  // Stryker disable next-line StringLiteral: the first update makes the link from the collection, whatever this held
  @state() private exportUrl = '';

  private store: CollectionStore | undefined;
  private target: Promise<ServerTarget | undefined> | undefined;
  private runs = new AbortController();

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('api') && this.api) {
      this.store = new CollectionStore(collectionKey(this.api.toolsUrl));
      this.collection = this.store.read();
      this.target = undefined;
    }
    if (changed.has('collection')) {
      if (this.exportUrl) URL.revokeObjectURL(this.exportUrl);
      const blob = new Blob([exportText(this.collection)], { type: 'application/json' });
      this.exportUrl = this.collection.calls.length ? URL.createObjectURL(blob) : '';
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Taken off the page, the element gave its export link back; put back, it makes one again.
    if (!this.exportUrl) this.requestUpdate('collection');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.runs.abort();
    this.runs = new AbortController();
    if (this.exportUrl) URL.revokeObjectURL(this.exportUrl);
    this.exportUrl = '';
  }

  override render() {
    const calls = this.collection.calls;
    return html`
      <div class="bar">
        ${this.tool ? html`<button type="button" @click=${this.handleSaveStart}>Save call</button>` : nothing}
        ${this.tool ? html`<button type="button" @click=${this.handleCopyCurrent}>Copy as command</button>` : nothing}
      </div>
      ${this.draft ? renderSaveForm(this.draft, this.tool, this.problems, this.handleDraft, this.handleSave) : nothing}
      ${this.renderCommand()}
      ${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : nothing}
      <details class="collection" part="collection" ?open=${calls.length > 0}>
        <summary>Saved calls (${calls.length})</summary>
        <div class="bar">
          <button type="button" ?disabled=${!calls.length} @click=${this.handleRunAll}>Run all</button>
          ${
            this.exportUrl
              ? html`<a class="button" href=${this.exportUrl} download="calls.json">Export calls.json</a>`
              : nothing
          }
          <label class="button">Import…<input type="file" accept=".json,application/json" @change=${this.handleImport} /></label>
        </div>
        ${
          !this.draft && this.problems.length
            ? html`<ul class="problems" role="alert">${this.problems.map((line) => html`<li>${line}</li>`)}</ul>`
            : nothing
        }
        <ul class="calls">${calls.map((call) => this.renderCall(call))}</ul>
        ${this.summary ? html`<p class="summary" part="summary" role="status">${this.summary}</p>` : nothing}
      </details>
    `;
  }

  private renderCall(call: SavedCall) {
    const verdict = this.verdicts.get(call.name);
    return html`<li data-name=${call.name}>
      <div class="row">
        ${
          this.renaming === call.name
            ? html`<form @submit=${this.handleRename}>
                <input name="name" aria-label="New name" .value=${call.name} />
                <button type="submit">Rename</button>
              </form>`
            : html`<span class="name">${call.name}</span>`
        }
        <code class="tool">${call.tool}</code>
        <span class="actions">
          <button type="button" @click=${() => this.handleOpen(call)}>Open</button>
          <button type="button" ?disabled=${verdict === 'running'} @click=${() => this.handleRun(call)}>Run</button>
          <button type="button" @click=${() => this.handleCopy(call)}>Command</button>
          <button type="button" @click=${() => (this.renaming = call.name)}>Rename</button>
          <button type="button" @click=${() => this.handleDelete(call)}>Delete</button>
        </span>
      </div>
      ${
        verdict
          ? html`<p class="verdict ${verdict === 'running' ? 'running' : verdict.kind}">
              ${verdict === 'running' ? 'running…' : verdictText(verdict)}
            </p>`
          : nothing
      }
    </li>`;
  }

  private renderCommand() {
    if (!this.command) return nothing;
    return html`<figure class="command">
      <figcaption>${this.command.label}</figcaption>
      <pre part="command">${this.command.text}</pre>
    </figure>`;
  }

  /** Keeps the collection, here and in storage; says so when the browser would not keep it. */
  private keep(collection: CollectionFile): void {
    this.collection = collection;
    this.notice = this.store?.write(collection) ?? '';
  }

  private readonly handleSaveStart = (): void => {
    if (!this.tool) return;
    this.problems = [];
    this.draft = {
      name: freeName(this.collection, this.tool.name),
      noError: true,
      outputSchema: false,
      pointer: '',
      // Stryker disable next-line StringLiteral: every how but 'matches' compares by equals, and equals is drawn first
      how: 'equals',
      value: '',
    };
  };

  private readonly handleDraft = (draft: SaveDraft | undefined): void => {
    this.draft = draft;
    if (!draft) this.problems = [];
  };

  private readonly handleSave = (): void => {
    if (!this.draft || !this.tool) return;
    const args = this.formArguments();
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      this.problems = ['The arguments are not a JSON object: fix them in the form first.'];
      return;
    }
    const added = addDraft(this.collection, this.tool.name, args, this.draft);
    if ('problems' in added) {
      this.problems = added.problems;
      return;
    }
    this.keep(added.collection);
    this.notice ||= `Saved “${this.draft.name.trim()}”.`;
    this.draft = undefined;
    this.problems = [];
  };

  private async showCommand(label: string, call: CommandCall, server?: ServerTarget): Promise<void> {
    this.target ??= this.api ? fetchTarget(this.api) : Promise.resolve(undefined);
    const text = callCommand(call, server ?? this.collection.server ?? (await this.target));
    this.command = { label, text };
    try {
      await navigator.clipboard.writeText(text);
      this.command = { label: `${label} (copied)`, text };
    } catch {
      // No clipboard (an insecure origin, a denied permission): the command is shown to select and copy.
    }
  }

  private readonly handleCopyCurrent = (): void => {
    if (!this.tool) return;
    const args = this.formArguments();
    const object = typeof args === 'object' && args !== null && !Array.isArray(args);
    void this.showCommand('The current call as a command', {
      tool: this.tool.name,
      arguments: object ? (args as Record<string, unknown>) : {},
    });
  };

  private handleCopy(call: SavedCall): void {
    const expectFlags = (call.expect ?? []).map(expectationToFlag);
    void this.showCommand(`“${call.name}” as a command`, { ...call, expectFlags }, call.server);
  }

  private handleOpen(call: SavedCall): void {
    const detail = { name: call.tool, arguments: structuredClone(call.arguments) };
    this.dispatchEvent(new CustomEvent('tool-open', { detail, bubbles: true, composed: true }));
  }

  private async handleRun(call: SavedCall): Promise<RunVerdict> {
    // Without a backend the call's line says why it did not run, as the summary counts it.
    const verdict: RunVerdict = this.api
      ? await this.running(call, this.api)
      : { kind: 'not-run', message: 'no backend' };
    this.verdicts = new Map(this.verdicts).set(call.name, verdict);
    return verdict;
  }

  private async running(call: SavedCall, api: ToolApi): Promise<RunVerdict> {
    this.verdicts = new Map(this.verdicts).set(call.name, 'running');
    return runSavedCall(api, call, this.runs.signal);
  }

  /** Runs every saved call in order, one at a time (a later call may depend on an earlier one's effect). */
  private readonly handleRunAll = async (): Promise<void> => {
    this.summary = '';
    this.verdicts = new Map();
    const verdicts: RunVerdict[] = [];
    for (const call of this.collection.calls) verdicts.push(await this.handleRun(call));
    this.summary = runSummary(verdicts);
  };

  private handleRename(event: SubmitEvent): void {
    event.preventDefault();
    const name = String(new FormData(event.target as HTMLFormElement).get('name') ?? '').trim();
    const from = this.renaming;
    const calls = this.collection.calls.map((call) => (call.name === from ? { ...call, name } : call));
    const parsed = parseCollection(JSON.stringify({ ...this.collection, calls }));
    if (!parsed.ok) {
      this.problems = parsed.problems.map(formatProblem);
      return;
    }
    this.problems = [];
    this.renaming = undefined;
    this.keep(parsed.collection);
  }

  private handleDelete(call: SavedCall): void {
    this.keep({ ...this.collection, calls: this.collection.calls.filter((saved) => saved !== call) });
    this.notice ||= `Deleted “${call.name}”.`;
  }

  /** Import: the file replaces the collection when it reads as one; otherwise it says where it is wrong. */
  private async handleImport(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    // Stryker disable next-line OptionalChaining: a file input's files is never null
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      this.problems = [`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`];
      return;
    }
    const parsed = parseCollection(text);
    if (!parsed.ok) {
      this.problems = [`${file.name} is not a collection of calls:`, ...parsed.problems.map(formatProblem)];
      return;
    }
    this.problems = [];
    this.verdicts = new Map();
    this.summary = '';
    this.keep(parsed.collection);
    const count = parsed.collection.calls.length;
    this.notice ||= `Imported ${count} ${count === 1 ? 'call' : 'calls'} from ${file.name}.`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'saved-calls': SavedCalls;
  }
}
