// The tick behind a running call's elapsed time: its host redraws about once a second while `ticking()` holds, and
// the timer stops as soon as it does not (the call ended) or the host leaves the page.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ElapsedClock implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly ticking: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Back on the page: one redraw decides whether the clock runs again.
    this.host.requestUpdate();
  }

  hostUpdated(): void {
    // A host off the page still redraws when its call changes; its clock waits until it is back.
    if (!this.ticking() || !this.host.isConnected) this.stop();
    else this.timer ??= setInterval(() => this.host.requestUpdate(), 1000);
  }

  hostDisconnected(): void {
    this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
