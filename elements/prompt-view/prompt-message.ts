// One message of a prompt: its role and its content, drawn by the renderers the tool results use (text, image, audio,
// resource link), and an embedded resource by the ones <resource-view> uses (by its MIME type).
import { html, type TemplateResult } from 'lit';
import type { PromptMessage, ResourceContents } from '../api.js';
import { renderContent, type BlobLinks } from '../content/content-item.js';
import type { ContentState } from '../content/content-state.js';
import { renderResourceContents } from '../content/resource-contents.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

// Embedded resources are drawn by renderResourceContents, which makes its own downloads: the result renderer's
// download links stay empty here.
const NO_BLOBS: BlobLinks = new WeakMap();

export function renderPromptMessage(message: PromptMessage, state: ContentState): TemplateResult {
  const role = typeof message?.role === 'string' ? message.role : 'unknown';
  const content = message?.content;
  const body =
    isPlainObject(content) && content.type === 'resource' && isPlainObject(content.resource)
      ? renderResourceContents(content.resource as ResourceContents, state)
      : renderContent(content, NO_BLOBS);
  return html`<article class=${`item message ${role === 'assistant' ? 'assistant' : 'user'}`} part="message">
    <div class="role" part="role">${role}</div>
    <div class="message-content">${body}</div>
  </article>`;
}
