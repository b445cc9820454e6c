// Templates for the content items of a CallResult. Every string from the result reaches the DOM as text
// through Lit bindings; the only URLs bound to attributes come from lib/safe-url. Base64 is never shown as text.
import { html, nothing, type TemplateResult } from 'lit';
import { base64Bytes, formatBytes, prettyJson, prettyJsonText } from '../display/format.js';
import { readableJson } from './readable-json.js';
import { httpUrl, mediaDataUrl } from '../display/safe-url.js';

/** Where an embedded resource's blob can be downloaded from, keyed by the content item. */
export type BlobLinks = WeakMap<object, { url: string; name: string; size: number }>;

/** What the host adds under a resource or a resource link, by the item's type and URI (the Open action). */
export type ResourceExtra = (type: unknown, uri: unknown) => unknown;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Text, pretty-printed when it is JSON. */
export function renderText(text: unknown): TemplateResult {
  const value = typeof text === 'string' ? text : prettyJson(text);
  const pretty = prettyJsonText(value);
  // Every style that reads these classes treats pre.text and pre.json alike: which of the two is unseen.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: pre.text and pre.json look the same
  return html`<pre class=${pretty === null ? 'text' : 'json'}>${pretty ?? value}</pre>`;
}

function label(kind: string, detail: string): TemplateResult {
  return html`<div class="item-label"><span class="kind">${kind}</span>${detail ? html`<span>${detail}</span>` : nothing}</div>`;
}

function media(kind: 'image' | 'audio', item: Record<string, unknown>): TemplateResult {
  const mime = str(item.mimeType);
  const url = mediaDataUrl(kind, item.mimeType, item.data);
  const size = typeof item.data === 'string' ? formatBytes(base64Bytes(item.data)) : '';
  if (url === null) {
    return html`${label(kind, mime)}
      <p class="notice">Not shown: ${kind} content needs a <code>${kind}/*</code> type and base64 data.</p>
      <pre class="json">${prettyJson({ ...item, data: typeof item.data === 'string' ? `(${size})` : item.data })}</pre>`;
  }
  return html`${label(kind, `${mime} · ${size}`)}
    ${
      kind === 'image'
        ? html`<img src=${url} alt=${`Image result (${mime})`} part="image" />`
        : html`<audio controls src=${url} aria-label=${`Audio result (${mime})`} part="audio"></audio>`
    }`;
}

function resource(item: Record<string, unknown>, blobs: BlobLinks, extra?: ResourceExtra): TemplateResult {
  const res = (typeof item.resource === 'object' && item.resource) || {};
  const { uri, mimeType, text } = res as Record<string, unknown>;
  const blob = blobs.get(res);
  return html`${label('resource', [str(uri), str(mimeType)].filter(Boolean).join(' · '))}
    ${typeof text === 'string' ? renderText(text) : nothing}
    ${
      blob
        ? html`<a class="download" part="download" href=${blob.url} download=${blob.name}
          >Download ${blob.name} (${formatBytes(blob.size)})</a
        >`
        : nothing
    }
    ${typeof text !== 'string' && !blob ? html`<pre class="json">${readableJson(res)}</pre>` : nothing}
    ${extra?.(item.type, uri) ?? nothing}`;
}

function resourceLink(item: Record<string, unknown>, extra?: ResourceExtra): TemplateResult {
  const href = httpUrl(item.uri);
  const name = str(item.title) || str(item.name) || str(item.uri);
  return html`${label('resource link', str(item.mimeType))}
    <div class="link">
      ${
        href
          ? html`<a href=${href} target="_blank" rel="noopener noreferrer" part="link">${name}</a>`
          : html`<span class="name">${name}</span>`
      }
      ${name !== str(item.uri) ? html`<code>${str(item.uri)}</code>` : nothing}
    </div>
    ${item.description ? html`<p class="description">${str(item.description)}</p>` : nothing}
    ${extra?.(item.type, item.uri) ?? nothing}`;
}

/** One content item; unknown or malformed items are shown as JSON. `extra` adds to resources and links. */
export function renderContent(item: unknown, blobs: BlobLinks, extra?: ResourceExtra): TemplateResult {
  const record = (typeof item === 'object' && item !== null ? item : { value: item }) as Record<string, unknown>;
  switch (record.type) {
    case 'text':
      return renderText(record.text);
    case 'image':
    case 'audio':
      return media(record.type, record);
    case 'resource':
      return resource(record, blobs, extra);
    case 'resource_link':
      return resourceLink(record, extra);
    default:
      return html`${label(typeof record.type === 'string' ? record.type : 'unknown', 'shown as JSON')}
        <pre class="json">${readableJson(item)}</pre>`;
  }
}
