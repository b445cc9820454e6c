// The entries of the lists besides the tools, as the API shows them: a resource, a resource template, a prompt.
// Entries come from host code or an MCP server, so only the documented fields are copied, each of its type; absent,
// null or mistyped optional fields are left out, icons keep only what the page may fetch, and an entry without its
// identifying strings is no entry (undefined).
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { safeIcons } from '../../../protocol/icons.js';
import type {
  PromptArgument,
  PromptSummary,
  ResourceAnnotations,
  ResourceSummary,
  ResourceTemplateSummary,
} from '../../../protocol/index.js';

type Entry = Record<string, unknown>;

/** The string fields of `entry` named in `fields`, those that are strings. */
function strings<K extends string>(entry: Entry, fields: readonly K[]): Partial<Record<K, string>> {
  const picked: Partial<Record<K, string>> = {};
  for (const field of fields) if (typeof entry[field] === 'string') picked[field] = entry[field] as string;
  return picked;
}

function annotationsOf(value: unknown): { annotations?: ResourceAnnotations } {
  return isPlainObject(value) ? { annotations: value as ResourceAnnotations } : {};
}

function iconsOf(value: unknown): { icons?: ResourceSummary['icons'] } {
  const icons = safeIcons(value);
  return icons === undefined ? {} : { icons };
}

const RESOURCE_TEXT = ['title', 'description', 'mimeType'] as const;

/** An entry of `GET /resources`, or undefined without a string `uri` and `name`. */
export function resourceSummary(entry: unknown): ResourceSummary | undefined {
  if (!isPlainObject(entry) || typeof entry.uri !== 'string' || typeof entry.name !== 'string') return undefined;
  return {
    uri: entry.uri,
    name: entry.name,
    ...strings(entry, RESOURCE_TEXT),
    ...(Number.isFinite(entry.size) && { size: entry.size as number }),
    ...annotationsOf(entry.annotations),
    ...iconsOf(entry.icons),
  };
}

/** An entry of `GET /resource-templates`, or undefined without a string `uriTemplate` and `name`. */
export function resourceTemplateSummary(entry: unknown): ResourceTemplateSummary | undefined {
  if (!isPlainObject(entry) || typeof entry.uriTemplate !== 'string' || typeof entry.name !== 'string') {
    return undefined;
  }
  return {
    uriTemplate: entry.uriTemplate,
    name: entry.name,
    ...strings(entry, RESOURCE_TEXT),
    ...annotationsOf(entry.annotations),
    ...iconsOf(entry.icons),
  };
}

function promptArgument(entry: unknown): PromptArgument | undefined {
  if (!isPlainObject(entry) || typeof entry.name !== 'string') return undefined;
  return {
    name: entry.name,
    ...strings(entry, ['title', 'description'] as const),
    ...(typeof entry.required === 'boolean' && { required: entry.required }),
  };
}

/** An entry of `GET /prompts` (and `GET /prompts/{name}`), or undefined without a string `name`. */
export function promptSummary(entry: unknown): PromptSummary | undefined {
  if (!isPlainObject(entry) || typeof entry.name !== 'string') return undefined;
  const args = Array.isArray(entry.arguments)
    ? entry.arguments.map(promptArgument).filter((argument) => argument !== undefined)
    : undefined;
  return {
    name: entry.name,
    ...strings(entry, ['title', 'description'] as const),
    ...(args !== undefined && { arguments: args }),
    ...iconsOf(entry.icons),
  };
}
