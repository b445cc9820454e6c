// <tool-app> on its own, without a console: a view over the fake backend of apps.helpers.ts for one call of the
// clock tool, whose snapshots the test makes and passes down as the console would.
import { fixture, html, waitUntil } from '@open-wc/testing';
import { ToolApi, type ToolDetail } from '../../elements/api.js';
import type { ToolCall } from '../../elements/call/tool-call.js';
import '../../elements/tool-app/tool-app.js';
import type { ToolApp } from '../../elements/tool-app/tool-app.js';
import { SANDBOX, TOOLS, backend, type Backend } from './apps.helpers.js';
import { stubFetch, type FetchAnswer, type FetchCall } from './fetch-stub.js';

export const CLOCK = TOOLS[0];

/** A snapshot of the clock call (run 1) as it stands: `status`, with whatever else it has by then. */
export function clockCall(status: ToolCall['status'] = 'running', extra: Partial<ToolCall> = {}): ToolCall {
  return {
    run: 1,
    name: 'clock',
    arguments: { zone: 'UTC' },
    request: { url: '/api/tools/clock/call', method: 'POST', headers: {}, body: '{"zone":"UTC"}' },
    status,
    startedAt: Date.now(),
    logs: [],
    logsDropped: 0,
    questions: [],
    cancel: () => {},
    answer: () => {},
    dismiss: () => {},
    ...extra,
  };
}

export interface ViewOptions {
  tool?: ToolDetail;
  call?: ToolCall;
  sandbox?: string;
  api?: ToolApi | undefined;
  /** Stands in front of the fake backend: given each request and the backend's own answer, answers it. */
  answer?: (call: FetchCall, backend: FetchAnswer) => Response | Promise<Response>;
}

/** A view of the clock's interface over the fake backend (or `api`), as the console's slot would place it. */
export async function mountView(options: ViewOptions = {}): Promise<{ view: ToolApp; state: Backend }> {
  const fake = backend();
  const { answer } = options;
  stubFetch(answer ? (call) => answer(call, fake.answer) : fake.answer);
  const settings = { tool: CLOCK, call: clockCall(), sandbox: SANDBOX, api: new ToolApi('/api/tools'), ...options };
  const view = await fixture<ToolApp>(
    html`<tool-app
      .api=${settings.api}
      .tool=${settings.tool}
      .call=${settings.call}
      sandbox=${settings.sandbox}
    ></tool-app>`,
  );
  return { view, state: fake.state };
}

/** A fake backend whose read of the app waits for `release`; the rest it answers at once. */
export function heldRead(): { answer: ViewOptions['answer']; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer: ViewOptions['answer'] = async (call, backend) => {
    if (call.url.endsWith('/api/resources/read')) await held;
    return backend(call);
  };
  return { answer, release };
}

/** The view's frame, once it is in the page. */
export async function frameOf(view: ToolApp): Promise<HTMLIFrameElement> {
  await waitUntil(() => view.shadowRoot!.querySelector('iframe'), 'no frame was shown', { timeout: 5000 });
  return view.shadowRoot!.querySelector('iframe')!;
}

/** The text of the view's element matching `selector`, with its runs of white space as one space. */
export const textOf = (view: ToolApp, selector: string) =>
  view.shadowRoot!.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
