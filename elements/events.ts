// Every event the elements fire: CustomEvents named `tool-*`, bubbling and composed so a host page hears them
// through shadow roots, and typed in GlobalEventHandlersEventMap so listeners get their detail's type.
import type { ApiError, CallLog, CallOutcome, QuestionAnswer } from './api.js';

export interface ToolSelectDetail {
  name: string;
}

/**
 * Fired by the form when the user asks to run the tool (Execute, Ctrl+Enter, Enter in a field, Confirm, Send
 * anyway), once its checks pass. Cancelable: the element that owns calls (`<tool-console>`) claims it with
 * `preventDefault()` and runs the call; a form nobody claims from runs the call itself.
 */
export interface ToolExecuteDetail {
  name: string;
  arguments: Record<string, unknown>;
}

/** Fired by the call's owner before the request is sent; cancelable: `preventDefault()` stops the call. */
export interface ToolCallStartDetail {
  name: string;
  arguments: Record<string, unknown>;
}

/** Fired after a call, whatever its end: an outcome, an error, or a cancel. */
export interface ToolCallEndDetail {
  name: string;
  arguments: Record<string, unknown>;
  outcome?: CallOutcome;
  error?: ApiError | Error;
  aborted: boolean;
}

/** Fired when the form's arguments change (typing, raw JSON edits, replay). */
export interface ToolArgumentsChangeDetail {
  name: string;
  arguments: unknown;
}

/** Fired by the auth bar when the token changes; the token is held in memory only. */
export interface ToolTokenChangeDetail {
  token: string;
}

/** Fired by the question dialog when the user answers a question the server asked during a call. */
export interface ToolAnswerDetail {
  /** The question's id. */
  id: string;
  answer: QuestionAnswer;
}

/** Fired by the question dialog when the user closes a question that needs nothing more (a URL flow underway). */
export interface ToolDismissDetail {
  id: string;
}

/** Fired by `<catalog-list>` when the user picks a resource, template or prompt: its key (`resource=<uri>`, …). */
export interface ToolCatalogSelectDetail {
  key: string;
}

/** Fired by a tool's own interface (`<tool-app>`) for each line it logs (MCP `notifications/message`). */
export type ToolAppLogDetail = CallLog;

declare global {
  interface GlobalEventHandlersEventMap {
    'tool-select': CustomEvent<ToolSelectDetail>;
    'tool-execute': CustomEvent<ToolExecuteDetail>;
    'tool-call-start': CustomEvent<ToolCallStartDetail>;
    'tool-call-end': CustomEvent<ToolCallEndDetail>;
    'tool-arguments-change': CustomEvent<ToolArgumentsChangeDetail>;
    'tool-token-change': CustomEvent<ToolTokenChangeDetail>;
    'tool-answer': CustomEvent<ToolAnswerDetail>;
    'tool-dismiss': CustomEvent<ToolDismissDetail>;
    'tool-app-log': CustomEvent<ToolAppLogDetail>;
    'tool-app-close': CustomEvent<null>;
    'tool-catalog-select': CustomEvent<ToolCatalogSelectDetail>;
    /** The protocol log's Open in form: a `tools/call`'s tool and arguments. */
    'tool-open': CustomEvent<{ name: string; arguments: Record<string, unknown> }>;
  }
}

type ToolEventName =
  | 'tool-select'
  | 'tool-execute'
  | 'tool-call-start'
  | 'tool-call-end'
  | 'tool-arguments-change'
  | 'tool-token-change'
  | 'tool-answer'
  | 'tool-dismiss'
  | 'tool-app-log'
  | 'tool-app-close'
  | 'tool-catalog-select';
type DetailOf<K extends ToolEventName> = GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches a tool event from `target`; returns false when a cancelable event was cancelled. */
export function emit<K extends ToolEventName>(
  target: EventTarget,
  type: K,
  detail: DetailOf<K>,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}
