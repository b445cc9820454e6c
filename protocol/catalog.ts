// What a server offers besides tools, as the API shows it: resources and resource templates (`GET /resources`,
// `GET /resource-templates`), prompts (`GET /prompts`, `GET /prompts/{name}`, `POST /prompts/{name}/get`) and
// argument completion (`POST /completion`). The shapes are MCP's (2025-06-18 and later), with absent fields left out,
// never sent as null; lists are paged by MCP's opaque cursor (`?cursor=`), passed through as it is.
import type { Icon } from './icons.js';

/** MCP's annotations of a resource or a content block: who it is for, how important, when it last changed. */
export interface ResourceAnnotations {
  audience?: Array<'user' | 'assistant'>;
  priority?: number;
  lastModified?: string;
  [key: string]: unknown;
}

/** An entry of `GET /resources`. */
export interface ResourceSummary {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Bytes, when the server knows them. */
  size?: number;
  annotations?: ResourceAnnotations;
  icons?: Icon[];
}

/** An entry of `GET /resource-templates`: an RFC 6570 URI template whose variables the page asks for. */
export interface ResourceTemplateSummary {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: ResourceAnnotations;
  icons?: Icon[];
}

/** The answer of `GET /resources[?cursor=]`. */
export interface ResourceListPage {
  resources: ResourceSummary[];
  nextCursor?: string;
}

/** The answer of `GET /resource-templates[?cursor=]`. */
export interface ResourceTemplateListPage {
  resourceTemplates: ResourceTemplateSummary[];
  nextCursor?: string;
}

/** The body of `POST /resources/subscribe` and `POST /resources/unsubscribe` (answered 204). */
export interface ResourceSubscription {
  uri: string;
}

/** One argument a prompt takes (always a string). */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** An entry of `GET /prompts`, and the answer of `GET /prompts/{name}`. */
export interface PromptSummary {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
}

/** The answer of `GET /prompts[?cursor=]`. */
export interface PromptListPage {
  prompts: PromptSummary[];
  nextCursor?: string;
}

/** The body of `POST /prompts/{name}/get`: MCP's prompt arguments, each a string. */
export interface GetPromptRequest {
  arguments?: Record<string, string>;
}

/** One message of a prompt: a role and one content block (text, image, audio, resource link, embedded resource). */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: Record<string, unknown> & { type: string };
}

/** The answer of `POST /prompts/{name}/get`: MCP's `GetPromptResult`. */
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What a completion is for: a prompt's argument, or a resource template's variable. */
export type CompletionReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** The body of `POST /completion`: MCP's `completion/complete` params. */
export interface CompletionRequest {
  ref: CompletionReference;
  /** The argument (or template variable) being typed, and what is typed so far. */
  argument: { name: string; value: string };
  /** The values of the other arguments, which a server may use to narrow its suggestions. */
  context?: { arguments?: Record<string, string> };
}

/** The answer of `POST /completion`: at most 100 values, and how many there are in all when the server says. */
export interface CompletionResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
}

/** The data of the watch stream's `resource-updated` event: a subscribed resource changed (read it again). */
export interface ResourceUpdated {
  uri: string;
}

/** The data of the watch stream's `resources-changed` and `prompts-changed` events: load the list again. */
export type ListChanged = Record<string, never>;
