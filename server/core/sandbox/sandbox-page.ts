// The sandbox proxy page of MCP Apps, served on the sandbox origin only. The console page frames it; it frames the
// app's HTML (as srcdoc, never parsed into its own document) and relays messages between the two, so the app runs
// on an origin that is not the console's, under the policy its resource declared: the one the console signed
// (`?policy=<token>`, see sandbox-policy.ts), else the restrictive default. Nothing else in the URL counts.
import { escapeHtml } from '../page/page.js';
import { createReply, type Reply } from '../http/reply.js';
import { sandboxPolicy } from './sandbox-csp.js';
import { verifiedSandboxPolicy } from './sandbox-policy.js';

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

/** The restrictive default: what every answer of the sandbox origin but a signed proxy page is held to. */
export const DEFAULT_SANDBOX_POLICY = sandboxPolicy({});

const UNSIGNED =
  "This sandbox address carries a policy this console did not sign (it may have restarted since the page read the tool's " +
  'interface). Open the interface again from the console.\n';

/** The value of the `policy` query parameter of a request URL (path and query), if any. */
function policyParameter(url: string): string | null {
  const query = url.indexOf('?');
  return query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('policy');
}

/**
 * `GET {prefix}/sandbox?policy=<token>`: the proxy page under the policy the console signed, or the default without
 * one; 403 for a token this console did not sign (forged, or from before a restart).
 */
export async function sandboxPageReply(url: string): Promise<Reply> {
  const token = policyParameter(url);
  const csp = token === null ? {} : await verifiedSandboxPolicy(token);
  if (csp === undefined) {
    return createReply(
      403,
      {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Security-Policy': DEFAULT_SANDBOX_POLICY,
        'Cache-Control': 'no-store',
      },
      UNSIGNED,
    );
  }
  const policy = sandboxPolicy(csp);
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

/**
 * Any other answer of the sandbox origin (a 404, an error) under the default policy, unless it has its own: an app
 * may run script in every page of its origin, so a page there without a policy would be one without limits.
 */
export function underSandboxPolicy(reply: Reply): Reply {
  if (reply.headers['Content-Security-Policy'] !== undefined) return reply;
  return { ...reply, headers: { ...reply.headers, 'Content-Security-Policy': DEFAULT_SANDBOX_POLICY } };
}
