// Live validation through the backend's validate endpoint: debounced, one request at a time (a newer edit aborts
// the older request), and silent for good once the backend answers that it has no such endpoint.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, type ToolApi, type ValidationFailure } from '../api.js';

export class ValidationController implements ReactiveController {
  /** The errors of the latest answer; empty while valid, unknown or unsupported. */
  // Stryker disable next-line ArrayDeclaration: reset() empties it in the form's first update with a tool, before it is read
  errors: ValidationFailure[] = [];
  /** False once the backend said it has no validate endpoint: the form then works without it. */
  // Stryker disable next-line BooleanLiteral: reset() sets it in the form's first update with a tool, before it is read
  supported = true;
  /** The latest arguments were over the validate endpoint's own size limit (413): they went unchecked. */
  // Stryker disable next-line BooleanLiteral: reset() clears it in the form's first update with a tool, before it is read
  tooLarge = false;

  private timer: ReturnType<typeof setTimeout> | undefined;
  private request: AbortController | undefined;
  private latest: Promise<void> = Promise.resolve();
  private settle: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly delayMs: () => number,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Resolves once the latest scheduled validation has answered (or was superseded). */
  get complete(): Promise<void> {
    return this.latest;
  }

  /** Validates `args` after a pause in typing. */
  schedule(api: ToolApi | undefined, name: string, args: unknown): void {
    void this.start(api, name, args, this.delayMs());
  }

  /** Validates `args` at once (Execute asks before it sends); resolves with the answer. */
  now(api: ToolApi | undefined, name: string, args: unknown): Promise<void> {
    return this.start(api, name, args, 0);
  }

  /** One validation after `delayMs`, replacing any pending or running one. */
  private start(api: ToolApi | undefined, name: string, args: unknown, delayMs: number): Promise<void> {
    if (!api || !this.supported) return Promise.resolve();
    this.stop();
    this.latest = new Promise((resolve) => {
      this.settle = resolve;
      this.timer = setTimeout(() => void this.run(api, name, args), delayMs);
    });
    return this.latest;
  }

  /** The latest arguments will not be asked about (the form knows their answer): nothing pending, nothing shown. */
  skip(): void {
    this.stop();
    this.errors = [];
    this.tooLarge = false;
  }

  /** Forgets everything, for a new tool or backend. */
  reset(): void {
    this.skip();
    this.supported = true;
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.request?.abort();
    this.request = undefined;
    this.settle?.();
    this.settle = undefined;
  }

  private async run(api: ToolApi, name: string, args: unknown): Promise<void> {
    const request = new AbortController();
    const settle = this.settle;
    this.request = request;
    try {
      const result = await api.validate(name, args, request.signal);
      if (request.signal.aborted) return;
      if (result === null) this.supported = false;
      this.errors = result?.valid === false ? (result.errors ?? []) : [];
      this.tooLarge = false;
    } catch (error) {
      // A network failure or an odd answer only means no live validation now; Execute will tell the real story.
      if (!request.signal.aborted) {
        this.errors = [];
        this.tooLarge = error instanceof ApiError && error.status === 413;
      }
    } finally {
      if (this.request === request) this.request = undefined;
      this.host.requestUpdate();
      // Stryker disable next-line OptionalChaining: run() starts only from the timer start() set, always with its settle
      settle?.();
    }
  }
}
