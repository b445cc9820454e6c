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

export const PROMPT_GROUPS: CatalogGroup[] = [{ heading: 'Prompts', one: 'prompt', many: 'prompts' }];

export function resourceItem(resource: ResourceSummary): CatalogItem | null {
  const uri = text(resource?.uri);
  if (!uri) return null;
  const { name, title, description, icons } = resource;
  return {
    key: `resource=${uri}`,
    name: text(name) || uri,
    title: text(title),
    secondary: uri,
    description: text(description),
    icons,
    group: 0,
  };
}

export function templateItem(template: ResourceTemplateSummary): CatalogItem | null {
  const uriTemplate = text(template?.uriTemplate);
  if (!uriTemplate) return null;
  const { name, title, description, icons } = template;
  return {
    key: `template=${uriTemplate}`,
    name: text(name) || uriTemplate,
    title: text(title),
    secondary: uriTemplate,
    description: text(description),
    icons,
    group: 1,
  };
}

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
