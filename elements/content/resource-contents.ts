// One item of a resource's contents (a `resources/read` answer, or a prompt message's embedded resource), drawn by
// its MIME type: text, JSON folded with Copy, Markdown, CSV as a table, images and audio from data: URLs, HTML as its
// source (never rendered), anything else as a download. Every string reaches the DOM through Lit text bindings; the
// only URLs bound to attributes come from display/safe-url and ContentState's octet-stream blob: URLs.
import { html, nothing, type TemplateResult } from 'lit';
import type { ResourceContents } from '../../protocol/resources.js';
import { base64Bytes, formatBytes, prettyJson } from '../display/format.js';
import { base64ToBytes, mediaDataUrl } from '../display/safe-url.js';
import { renderMarkdown } from '../markdown/markdown-view.js';
import { contentKind, essence, type ContentKind } from './content-kind.js';
import type { ContentState } from './content-state.js';
import { parseCsv } from './csv-table.js';
import { renderJsonTree } from './json-tree.js';

/** Text longer than this (in characters) shows its start first, and the rest on request: 5 MB drawn at once freezes. */
export const FIRST_PART = 100_000;

const TEXT_KINDS = new Set<ContentKind>(['json', 'markdown', 'csv', 'source', 'text']);

/** The contents' text: `text`, or a base64 `blob` of a text type decoded as UTF-8; null for binary contents. */
function textOf(contents: ResourceContents, kind: ContentKind): string | null {
  if (typeof contents.text === 'string') return contents.text;
  if (!TEXT_KINDS.has(kind)) return null;
  const bytes = base64ToBytes(contents.blob);
  return bytes && new TextDecoder().decode(bytes);
}

function sizeOf(contents: ResourceContents): number | undefined {
  if (typeof contents.text === 'string') return new Blob([contents.text]).size;
  return typeof contents.blob === 'string' ? base64Bytes(contents.blob) : undefined;
}

function header(contents: ResourceContents, size: number | undefined): TemplateResult {
  const mime = typeof contents.mimeType === 'string' ? contents.mimeType : '';
  return html`<div class="item-label">
    <code class="uri">${typeof contents.uri === 'string' ? contents.uri : ''}</code>
    ${mime ? html`<span class="mime">${mime}</span>` : nothing}
    ${size === undefined ? nothing : html`<span class="size">${formatBytes(size)}</span>`}
  </div>`;
}

function copyBar(item: object, text: string, state: ContentState): TemplateResult {
  return html`<div class="copy-bar">
    <button type="button" class="copy" part="copy" @click=${() => state.copy(item, text)}>Copy</button>
    <span class="copy-status" role="status">${state.copyStatus(item)}</span>
  </div>`;
}

/** The start of a long text and a button for the rest; `null` when the text is short enough to draw whole. */
function firstPart(item: object, text: string, size: number, state: ContentState): TemplateResult | null {
  if (text.length <= FIRST_PART) return null;
  if (state.isWhole(item)) return html`<pre class="text">${text}</pre>`;
  return html`<pre class="text">${text.slice(0, FIRST_PART)}</pre>
    <p class="notice">
      Showing the first ${formatBytes(new Blob([text.slice(0, FIRST_PART)]).size)} of ${formatBytes(size)}.
      <button type="button" class="show-all" part="show-all" @click=${() => state.showWhole(item)}>
        Show all (${formatBytes(size)})
      </button>
    </p>`;
}

function csvTable(text: string): TemplateResult {
  const { rows, cut } = parseCsv(text);
  if (!rows.length) return html`<p class="notice">The CSV is empty.</p>`;
  const [head, ...body] = rows;
  return html`<div class="table-frame">
      <table part="table">
        <thead>
          <tr>${head.map((cell) => html`<th scope="col">${cell}</th>`)}</tr>
        </thead>
        <tbody>
          ${body.map((row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`)}
        </tbody>
      </table>
    </div>
    ${cut ? html`<p class="notice">Only the first ${rows.length} rows and 50 columns are shown.</p>` : nothing}`;
}

function textBody(item: object, kind: ContentKind, text: string, state: ContentState): TemplateResult {
  switch (kind) {
    case 'json': {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return html`<p class="notice">Not valid JSON: shown as text.</p>
          <pre class="text">${text}</pre>`;
      }
      return html`${copyBar(item, prettyJson(value), state)}${renderJsonTree(value)}`;
    }
    case 'markdown':
      return html`<div class="markdown">${renderMarkdown(text)}</div>`;
    case 'csv':
      return csvTable(text);
    case 'source':
      return html`<p class="notice">HTML, shown as its source: the console never renders a resource's HTML.</p>
        <pre class="source">${text}</pre>`;
    default:
      return html`<pre class="text">${text}</pre>`;
  }
}

function media(kind: 'image' | 'audio', contents: ResourceContents): TemplateResult {
  const url = mediaDataUrl(kind, essence(contents.mimeType, contents.uri), contents.blob);
  if (url === null) return html`<p class="notice">Not shown: the ${kind} has no base64 data of an ${kind} type.</p>`;
  const label = `${kind === 'image' ? 'Image' : 'Audio'} ${typeof contents.uri === 'string' ? contents.uri : ''}`;
  return kind === 'image'
    ? html`<img src=${url} alt=${label} part="image" />`
    : html`<audio controls src=${url} aria-label=${label} part="audio"></audio>`;
}

function download(contents: ResourceContents, state: ContentState): TemplateResult {
  const file = state.download(contents);
  if (!file) return html`<p class="notice">The server sent neither text nor base64 data.</p>`;
  return html`<a class="download" part="download" href=${file.url} download=${file.name}
    >Download ${file.name} (${formatBytes(file.size)})</a
  >`;
}

/** One contents item, with its URI, MIME type and size above it. */
export function renderResourceContents(contents: ResourceContents, state: ContentState): TemplateResult {
  // Without the text flag, text of no known type is 'binary', yet drawn as the same <pre>: textOf returns it anyway.
  // Stryker disable next-line StringLiteral: a 'binary' kind with text is drawn as 'text' is (see above)
  const kind = contentKind(contents.mimeType, contents.uri, typeof contents.text === 'string');
  const size = sizeOf(contents);
  const text = textOf(contents, kind);
  let body: TemplateResult;
  if (text !== null) {
    // Past the first part, no formatting: parsing and drawing 5 MB as a tree or a table is what would freeze.
    body = firstPart(contents, text, size ?? text.length, state) ?? textBody(contents, kind, text, state);
  } else if ((kind === 'image' || kind === 'audio') && typeof contents.blob === 'string') {
    body = media(kind, contents);
  } else {
    body = download(contents, state);
  }
  return html`${header(contents, size)}${body}`;
}
