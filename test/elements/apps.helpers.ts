// Shared ground of the tool UI (MCP Apps) element tests: a fake backend with a tool that has its own interface, an
// app-only tool and a model-only one; the test app, a few lines of plain JSON-RPC over postMessage written without
// ext-apps, so the page's side is checked against the protocol and not against itself; and the same-origin stand-in
// for the sandbox proxy (fixtures/sandbox-proxy.html). The lead's end-to-end tests cover the real cross-origin sandbox.
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import type { ToolApp } from '../../elements/tool-app/tool-app.js';
import '../../elements/tool-console/tool-console.js';
import type { ToolConsole } from '../../elements/tool-console/tool-console.js';
import { APP_MIME_TYPE } from '../../protocol/index.js';
import { settle } from './console-settle.js';
import { json, type FetchCall } from './fetch-stub.js';

export const SANDBOX = '/test/elements/fixtures/sandbox-proxy.html';
export const APP_URI = 'ui://clock/app.html';
/**
 * The policy token the fake backend gives the app: what the real one signs for its declared CSP (the applied
 * declaration as base64url JSON, then a signature the page never checks).
 */
export const SIGNED_POLICY =
  btoa(JSON.stringify({ connectDomains: ['https://api.example.com'] })).replace(/=+$/, '') + '.signature';

export const TOOLS: ToolDetail[] = [
  {
    name: 'clock',
    title: 'Clock',
    description: 'Shows the time',
    inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
    ui: { resourceUri: APP_URI },
  },
  { name: 'echo', description: 'Says it back', inputSchema: { type: 'object' } },
  { name: 'refresh', description: 'Reloads the clock', inputSchema: { type: 'object' }, ui: { visibility: ['app'] } },
  { name: 'secret', description: 'Only for the model', inputSchema: { type: 'object' }, ui: { visibility: ['model'] } },
];

/** The test app: it registers itself with the test page, initializes, records what it hears and answers teardown. */
export const APP_HTML = `<!doctype html><html><body><p>Test app</p><script>
(() => {
  const host = parent.parent;
  const app = { received: [], waiting: new Map(), next: 0 };
  (host.testApps ??= []).push(app);
  const send = (message) => parent.postMessage(message, '*');
  app.request = (method, params) =>
    new Promise((resolve) => {
      const id = ++app.next;
      app.waiting.set(id, resolve);
      send({ jsonrpc: '2.0', id, method, params });
    });
  app.notify = (method, params) => send({ jsonrpc: '2.0', method, params });
  addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = event.data;
    if (message.method === undefined) return app.waiting.get(message.id)?.(message);
    app.received.push(message);
    if (message.method === 'ui/resource-teardown') send({ jsonrpc: '2.0', id: message.id, result: {} });
  });
  app.initialized = app
    .request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'test-app', version: '1.0.0' }, appCapabilities: {} })
    .then((answer) => (app.notify('ui/notifications/initialized', {}), answer));
})();
</script></body></html>`;

/** A JSON-RPC answer as the app gets it. */
export interface Answer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** One test app, as it registered itself with this page. */
export interface TestApp {
  received: { method: string; id?: number; params?: Record<string, unknown> }[];
  initialized: Promise<Answer>;
  request(method: string, params: unknown): Promise<Answer>;
  notify(method: string, params: unknown): void;
}

declare global {
  interface Window {
    testApps?: TestApp[];
  }
}

/** The methods an app heard, in order (a copy, out of the app's realm). */
export const heard = (app: TestApp) => app.received.map((message) => message.method);

/** The `index`th app started since the test began, once it has initialized. */
export async function appNumber(index: number): Promise<TestApp> {
  await waitUntil(() => (window.testApps?.length ?? 0) > index, `app ${index + 1} never started`, { timeout: 5000 });
  const app = window.testApps![index];
  await app.initialized;
  return app;
}

/** What the backend holds back: each call of `clock` waits for its release. */
export interface Backend {
  calls: FetchCall[];
  /** The app's resource as the server reads it (change it to test a broken one). */
  resource: unknown;
  resourceStatus: number;
  /** Releases the oldest held `clock` call. */
  release(): void;
}

export function backend(): { answer: (call: FetchCall) => Promise<Response>; state: Backend } {
  const held: (() => void)[] = [];
  let released = 0;
  const state: Backend = {
    calls: [],
    resource: {
      contents: [
        {
          uri: APP_URI,
          mimeType: APP_MIME_TYPE,
          text: APP_HTML,
          _meta: {
            ui: {
              csp: { connectDomains: ['https://api.example.com', "'unsafe-eval'"], resourceDomains: 'all' },
              permissions: { clipboardWrite: {}, bluetooth: {} },
            },
            'tool-console/sandbox-policy': SIGNED_POLICY,
          },
        },
      ],
    },
    resourceStatus: 200,
    release: () => (held.length ? held.shift()!() : released++),
  };
  const answer = async (call: FetchCall): Promise<Response> => {
    state.calls.push(call);
    const path = decodeURIComponent(new URL(call.url).pathname);
    if (path === '/api/tools') return json(TOOLS.map(({ inputSchema: _, ...summary }) => summary));
    if (path === '/api/resources/read') {
      const { uri } = call.body as { uri: string };
      if (uri === APP_URI) return json(state.resource, state.resourceStatus);
      if (uri === 'file:///outside')
        return json({ error: 'Tool UIs may read only the server\u2019s own resources.' }, 403);
      return json({ contents: [{ uri, mimeType: 'text/plain', text: `contents of ${uri}` }] });
    }
    const tool = TOOLS.find((t) => path.startsWith(`/api/tools/${t.name}`));
    if (!tool) return json({ error: 'Tool not found' }, 404);
    if (path.endsWith('/validate')) return json({ valid: true });
    if (path.endsWith('/call')) {
      // A clock call waits for its release, unless it was released before it came.
      if (tool.name === 'clock' && released > 0) released--;
      else if (tool.name === 'clock') await new Promise<void>((resolve) => held.push(resolve));
      return json({ content: [{ type: 'text', text: `${tool.name} ran with ${JSON.stringify(call.body)}` }] });
    }
    return json(tool);
  };
  return { answer, state };
}

/** The console over the fake backend, with the sandbox proxy page or without one. */
export async function openConsole(sandbox = SANDBOX): Promise<ToolConsole> {
  const el = await fixture<ToolConsole>(
    html`<tool-console src="/api/tools" heading="Tools" execution="true" sandbox=${sandbox}></tool-console>`,
  );
  await settle(el);
  return el;
}

/** Opens `name` in the console, as picking it in the list does. */
export async function pick(el: ToolConsole, name: string): Promise<void> {
  const list = el.shadowRoot!.querySelector('tool-list')!;
  list.dispatchEvent(new CustomEvent('tool-select', { detail: { name }, bubbles: true, composed: true }));
  await settle(el);
}

/** Runs the open tool with `args`, as Execute does. */
export async function run(el: ToolConsole, args: Record<string, unknown> = {}): Promise<void> {
  const form = el.shadowRoot!.querySelector('tool-form')!;
  form.value = args;
  await form.updateComplete;
  await form.execute();
  await el.updateComplete;
}

/** The tools' interfaces the console shows (closing ones are hidden). */
export const views = (el: ToolConsole) => [
  ...el.shadowRoot!.querySelectorAll<ToolApp>('.apps > tool-app:not([hidden])'),
];

/** The shown interface, once its frame is in the page. */
export async function shownView(el: ToolConsole) {
  await waitUntil(() => views(el)[0]?.shadowRoot?.querySelector('iframe'), 'no interface was shown', { timeout: 5000 });
  return views(el)[0];
}
