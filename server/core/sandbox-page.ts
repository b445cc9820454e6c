// The sandbox proxy page of MCP Apps, served on the sandbox origin only. The console page frames it; it frames the
// app's HTML (as srcdoc, never parsed into its own document) and relays messages between the two, so the app runs
// on an origin that is not the console's, under the policy its resource declared (`?csp=<JSON>`, see sandbox-csp.ts).
import { escapeHtml } from './page.js';
import { createReply, type Reply } from './reply.js';
import { parseAppCsp, sandboxPolicy } from './sandbox-csp.js';

// The proxy of the spec, in plain script (the page has no bundle). Its one decision is who it listens to: the frame
// above it (the console page) for the app's HTML and the host's messages, the app's frame for the app's messages.
// The app's messages go only to the origin that sent the HTML; the host's only to the app's own origin, so an app
// that navigates its frame elsewhere hears nothing more. The sandbox's own notifications never leave the sandbox.
const PROXY_SCRIPT = `
(() => {
  'use strict';
  const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]').content;
  const PERMISSIONS = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  const SANDBOX_METHOD = 'ui/notifications/sandbox-';
  let inner;
  let hostOrigin;

  // The policy also travels inside the HTML, first thing after its doctype (before it, the app would lose standards mode).
  function withPolicy(html) {
    const meta = '<meta http-equiv="Content-Security-Policy" content="' + policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;') + '">';
    return html.replace(/^(\\s*(?:<!--[\\s\\S]*?-->\\s*)*<!doctype[^>]*>)?/i, (doctype) => doctype + meta);
  }

  function load(params, origin) {
    const permissions = params.permissions && typeof params.permissions === 'object' ? params.permissions : {};
    const allow = Object.keys(PERMISSIONS).filter((name) => permissions[name]).map((name) => PERMISSIONS[name]);
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    if (allow.length) inner.setAttribute('allow', allow.join('; '));
    inner.title = 'Tool UI';
    inner.srcdoc = withPolicy(params.html);
    hostOrigin = origin === 'null' ? '*' : origin;
    document.body.appendChild(inner);
  }

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === window.parent) {
      if (!inner) {
        if (data && data.method === SANDBOX_METHOD + 'resource-ready' && data.params && typeof data.params.html === 'string') load(data.params, event.origin);
      } else if (hostOrigin === '*' || event.origin === hostOrigin) {
        inner.contentWindow.postMessage(data, location.origin);
      }
    } else if (inner && event.source === inner.contentWindow) {
      if (!(data && typeof data.method === 'string' && data.method.startsWith(SANDBOX_METHOD))) window.parent.postMessage(data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: SANDBOX_METHOD + 'proxy-ready', params: {} }, '*');
})();
`;

const STYLE =
  'html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}';

/** The value of the `csp` query parameter of a request URL (path and query), if any. */
function cspParameter(url: string): string | null {
  const query = url.indexOf('?');
  return query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('csp');
}

/** `GET {prefix}/sandbox?csp=<JSON>`: the proxy page under the policy the app declared (the default when it did not). */
export function sandboxPageReply(url: string): Reply {
  const policy = sandboxPolicy(parseAppCsp(cspParameter(url)));
  const html =
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">\n` +
    `<title>Tool UI</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<script>${PROXY_SCRIPT}</script>\n</body>\n</html>\n`;
  return createReply(
    200,
    {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': policy,
      // Never from a cache: the script and policy are the ones this console builds now, for this declaration.
      'Cache-Control': 'no-store',
      // What the app fetches or opens learns nothing of the console or of the sandbox URL.
      'Referrer-Policy': 'no-referrer',
    },
    html,
  );
}
