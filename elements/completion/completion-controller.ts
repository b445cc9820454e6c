// Suggestions as you type, for the arguments of a prompt and the variables of a resource template (MCP
// `completion/complete`, through `CatalogApi.complete`). One question at a time: typing waits `delayMs` for a pause,
// and a newer question aborts the one under way, so a fast typist sends one request and never sees stale values.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CompletionReference } from '../api.js';
import type { CatalogApi } from '../catalog-api.js';
import { answerFailure } from '../content/answer-failure.js';

export class CompletionController implements ReactiveController {
  /** The backend that completes; without one (or with `enabled` false), nothing is asked. */
  catalog: CatalogApi | undefined;
  // Stryker disable next-line BooleanLiteral: both hosts (prompt-view, template-view) set it in every willUpdate, before anyone types
  enabled = false;
  private suggestions = new Map<string, string[]>();
  private problems = new Map<string, string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private abort: AbortController | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly delayMs = 250,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.reset();
  }

  /** Forgets every suggestion and drops the question under way (another prompt or template is shown). */
  reset(): void {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.suggestions.clear();
    this.problems.clear();
  }

  /** The values the backend suggested for `name`. */
  valuesFor(name: string): string[] {
    return this.suggestions.get(name) ?? [];
  }

  /** Why there are no suggestions for `name`, when asking failed. */
  problemFor(name: string): string {
    return this.problems.get(name) ?? '';
  }

  /** Asks, after a pause in typing, what `name` could be given `value` and the other arguments in `context`. */
  ask(ref: CompletionReference, name: string, value: string, context: Record<string, string>): void {
    if (!this.enabled || !this.catalog) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.send(ref, name, value, context), this.delayMs);
  }

  private async send(ref: CompletionReference, name: string, value: string, context: Record<string, string>) {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    const request = {
      ref,
      argument: { name, value },
      ...(Object.keys(context).length ? { context: { arguments: context } } : {}),
    };
    try {
      const { values } = await this.catalog!.complete(request, abort.signal);
      if (abort.signal.aborted) return;
      this.suggestions.set(name, values.slice(0, 100));
      this.problems.delete(name);
    } catch (error) {
      if (abort.signal.aborted) return;
      this.suggestions.delete(name);
      this.problems.set(name, `No suggestions: ${answerFailure(error).title}`);
    }
    this.host.requestUpdate();
  }
}
