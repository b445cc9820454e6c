// The server's resources, resource templates and prompts as <catalog-list> rows, keyed by their deep link
// (`resource=<uri>`, `template=<uriTemplate>`, `prompt=<name>`). Entries are the server's: one without its URI or name
// is left out, never shown half.
import type { PromptSummary, ResourceSummary, ResourceTemplateSummary } from '../../protocol/index.js';
import type { CatalogGroup, CatalogItem } from '../catalog-list/catalog-list.js';
import { markdownText } from '../markdown/markdown.js';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const RESOURCE_GROUPS: CatalogGroup[] = [
  { heading: 'Resources', one: 'resource', many: 'resources' },
  { heading: 'Templates', one: 'template', many: 'templates' },
];

export const PROMPT_GROUPS: CatalogGroup[] = [
  {
    // Stryker disable next-line StringLiteral: a list of one group shows no heading
    heading: 'Prompts',
    one: 'prompt',
    many: 'prompts',
  },
];

/** A resource (group 0) or a template (group 1): listed under its URI or URI template, named by it if need be. */
function uriItem(
  kind: 'resource' | 'template',
  uri: unknown,
  entry: ResourceSummary | ResourceTemplateSummary,
): CatalogItem | null {
  const secondary = text(uri);
  if (!secondary) return null;
  return {
    key: `${kind}=${secondary}`,
    name: text(entry.name) || secondary,
    title: text(entry.title),
    secondary,
    description: text(entry.description),
    icons: entry.icons,
    group: kind === 'resource' ? 0 : 1,
  };
}

export const resourceItem = (resource: ResourceSummary) => uriItem('resource', resource?.uri, resource);

export const templateItem = (template: ResourceTemplateSummary) => uriItem('template', template?.uriTemplate, template);

export function promptItem(prompt: PromptSummary): CatalogItem | null {
  const name = text(prompt?.name);
  if (!name) return null;
  // Descriptions are often Markdown: a row shows their words, not their marks.
  const description = text(prompt.description);
  return {
    key: `prompt=${name}`,
    name,
    title: text(prompt.title),
    secondary: description && markdownText(description),
    icons: prompt.icons,
    group: 0,
  };
}
