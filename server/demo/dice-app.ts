// The demo's tool UI (an MCP App): `play/dice` shows its roll in here, and "Roll again" calls the tool through the
// console, as a tool UI may. It speaks the apps protocol by hand (a few lines of JSON-RPC over postMessage), needs no
// network (the sandbox's default policy), and follows the page's theme.

/** The app's `ui://` address, named in the tool's `_meta.ui.resourceUri`. */
export const DICE_APP_URI = 'ui://demo/dice.html';

/** Runs inside the app's frame (serialised with `toString`, so it may use nothing from outside its body). */
function diceApp(toolName: string): void {
  const faces = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
  const rollsView = document.getElementById('rolls')!;
  const totalView = document.getElementById('total')!;
  const again = document.getElementById('again') as HTMLButtonElement;
  let nextId = 1;
  let lastArguments: Record<string, unknown> = {};
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  const send = (message: Record<string, unknown>) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      send({ id, method, params });
    });
  const tellHeight = () =>
    send({ method: 'ui/notifications/size-changed', params: { height: document.documentElement.scrollHeight } });
  const applyTheme = (context: { theme?: string } | undefined) => {
    if (context?.theme === 'light' || context?.theme === 'dark') document.documentElement.dataset.theme = context.theme;
  };

  function show(result: unknown): void {
    const structured = (result as { structuredContent?: { rolls?: unknown; total?: unknown } })?.structuredContent;
    const rolls = Array.isArray(structured?.rolls) ? structured.rolls.filter((roll) => Number.isInteger(roll)) : [];
    // Text only: what the server sent is never markup here either.
    rollsView.textContent = rolls.map((roll: number) => faces[roll] ?? String(roll)).join(' ');
    totalView.textContent = rolls.length ? `Total: ${String(structured?.total)}` : 'No roll in the result.';
    again.disabled = false;
    tellHeight();
  }

  again.addEventListener('click', async () => {
    again.disabled = true;
    const answer = await request('tools/call', { name: toolName, arguments: lastArguments });
    if (answer.error) {
      totalView.textContent = `The console refused: ${answer.error.message}`;
      again.disabled = false;
    } else show(answer.result);
  });

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const message = event.data as { id?: number; method?: string; params?: Record<string, unknown> };
    if (message.id !== undefined && message.method === undefined) {
      waiting.get(message.id)?.(message as { result?: unknown });
      waiting.delete(message.id);
      return;
    }
    if (message.method === 'ui/notifications/tool-input') lastArguments = (message.params?.arguments ?? {}) as never;
    if (message.method === 'ui/notifications/tool-result') show(message.params);
    if (message.method === 'ui/notifications/host-context-changed') applyTheme(message.params);
    // Requests from the host (teardown) are answered; the app keeps nothing to save.
    if (message.id !== undefined && message.method !== undefined) send({ id: message.id, result: {} });
  });

  void request('ui/initialize', {
    appInfo: { name: 'tool-console demo dice', version: '1.0.0' },
    appCapabilities: {},
    protocolVersion: '2026-01-26',
  }).then((answer) => {
    applyTheme((answer.result as { hostContext?: { theme?: string } } | undefined)?.hostContext);
    send({ method: 'ui/notifications/initialized', params: {} });
    tellHeight();
  });
}

const STYLE = `
:root { color-scheme: light; --ink: #1f2328; --paper: #ffffff; --accent: #0969da; font: 15px system-ui, sans-serif; }
:root[data-theme="dark"] { color-scheme: dark; --ink: #e6edf3; --paper: #0d1117; --accent: #4493f8; }
body { margin: 0; padding: 16px; color: var(--ink); background: var(--paper); }
#rolls { font-size: 56px; letter-spacing: 8px; min-height: 64px; }
button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 0; color: #fff; background: var(--accent); }
button:disabled { opacity: 0.6; }`;

/** The app's HTML document, its script and style inline (as MCP Apps ship theirs). */
export function diceAppHtml(toolName: string): string {
  // A `</script` inside the script's text would end the element early.
  const script = `(${diceApp.toString()})(${JSON.stringify(toolName)});`.replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dice</title><style>${STYLE}</style></head>
<body><div id="rolls" aria-live="polite">…</div><p id="total">Waiting for the roll.</p>
<button id="again" type="button" disabled>Roll again</button>
<script>${script}</script></body></html>`;
}
