// A tool's MCP App (`io.modelcontextprotocol/ui`) as the page may see it: read from the tool's `_meta.ui`, or from the
// older `_meta["ui/resourceUri"]` that servers still send beside it. Servers are not trusted to send it well formed,
// so every part is checked and what fails is dropped: the page and the call guard read only what is left.
import type { Tool } from '../../types.js';
import type { ToolUi } from '../../../protocol/index.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';

/** Longer than any real resource URI; a longer one is more likely an attack on the page than a UI. */
export const MAX_RESOURCE_URI_LENGTH = 2048;

const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';
const VISIBILITIES: ReadonlySet<unknown> = new Set(['model', 'app']);

function resourceUriOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('ui://') && value.length <= MAX_RESOURCE_URI_LENGTH
    ? value
    : undefined;
}

// An empty list is left out rather than sent: "nobody may call it" is not something a UI can be built on, and the
// spec's default (absent: both) is what a server that wrote nonsense most likely meant.
function visibilityOf(value: unknown): ToolUi['visibility'] {
  if (!Array.isArray(value)) return undefined;
  const entries = [...new Set(value.filter((entry) => VISIBILITIES.has(entry)))] as Array<'model' | 'app'>;
  return entries.length ? entries : undefined;
}

/** The tool's UI, with invalid parts dropped; undefined when nothing valid is left. */
export function toolUiOf(tool: Tool): ToolUi | undefined {
  const meta = tool._meta;
  if (!isPlainObject(meta)) return undefined;
  const ui = isPlainObject(meta.ui) ? meta.ui : {};
  const resourceUri = resourceUriOf(ui.resourceUri) ?? resourceUriOf(meta[LEGACY_RESOURCE_URI_KEY]);
  const visibility = visibilityOf(ui.visibility);
  if (resourceUri === undefined && visibility === undefined) return undefined;
  const found: ToolUi = {};
  if (resourceUri !== undefined) found.resourceUri = resourceUri;
  if (visibility !== undefined) found.visibility = visibility;
  return found;
}

/** Whether a tool UI may call the tool: yes unless its visibility is given and leaves out `app`. */
export function isCallableByApps(tool: Tool): boolean {
  return toolUiOf(tool)?.visibility?.includes('app') ?? true;
}
