// What a tool UI may ask of the console's backend: to call a tool and to read a resource, both sent as the app's
// (`Tool-Caller: app`) so the server applies an app's limits. A call the page knows the server would refuse (a tool
// whose visibility leaves out "app") is refused here first, and never leaves the page.
import type { CallResult, ReadResourceResult, ToolApi, ToolSummary } from '../api.js';
import { ApiError } from '../api.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { visibleTo } from './tool-ui.js';

/** JSON-RPC's codes for the errors an app gets back: its request was wrong, or the backend failed it. */
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

/** An error the bridge answers with as a JSON-RPC error: its `code` and `message` are sent as they are. */
function protocolError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The backend's refusal in words: its message, or that nothing answered. */
function backendError(error: unknown): Error {
  if (error instanceof ApiError) return protocolError(INTERNAL_ERROR, error.message);
  if (error instanceof DOMException && error.name === 'AbortError')
    return protocolError(INTERNAL_ERROR, 'The view closed.');
  return protocolError(INTERNAL_ERROR, "The console's server did not answer.");
}

/** An app's `tools/call`: the tool's result as the backend answered it (a tool error is a result too). */
export async function appCallTool(
  api: ToolApi,
  toolNamed: (name: string) => ToolSummary | undefined,
  params: { name: string; arguments?: Record<string, unknown> },
  signal: AbortSignal,
): Promise<CallResult> {
  const { name } = params;
  if (!visibleTo(toolNamed(name)?.ui, 'app')) {
    throw protocolError(INVALID_PARAMS, `Tool ${name} is not available to tool UIs (its visibility is model only).`);
  }
  const args = isPlainObject(params.arguments) ? params.arguments : {};
  try {
    return (await api.call(name, args, signal, undefined, { caller: 'app' })).result;
  } catch (error) {
    throw backendError(error);
  }
}

/** An app's `resources/read`, through the backend, which limits an app to its server's own resources. */
export async function appReadResource(api: ToolApi, uri: string, signal: AbortSignal): Promise<ReadResourceResult> {
  try {
    return await api.readResource(uri, signal, 'app');
  } catch (error) {
    throw backendError(error);
  }
}
