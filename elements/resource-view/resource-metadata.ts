// The rows of a resource's metadata as <resource-view> lists them: only what the server gave, as text.
import type { ResourceSummary } from '../api.js';

export function metadataRows(resource: ResourceSummary, formatBytes: (bytes: number) => string): [string, string][] {
  const rows: [string, string][] = [];
  if (resource.title && resource.title !== resource.name) rows.push(['Name', resource.name]);
  rows.push(['URI', resource.uri]);
  if (resource.mimeType) rows.push(['MIME type', resource.mimeType]);
  if (typeof resource.size === 'number') rows.push(['Size', formatBytes(resource.size)]);
  const annotations = resource.annotations;
  if (Array.isArray(annotations?.audience)) rows.push(['Audience', annotations.audience.map(String).join(', ')]);
  if (typeof annotations?.priority === 'number') rows.push(['Priority', String(annotations.priority)]);
  if (typeof annotations?.lastModified === 'string') rows.push(['Last modified', annotations.lastModified]);
  return rows;
}
