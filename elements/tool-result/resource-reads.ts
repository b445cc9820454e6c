// Opening the resources a result links to (`resource_link` items, embedded resources the server can read): read
// through the backend (`POST resources/read`, as the person), and shown with the result's own renderers. Each URI is
// read once per result; its contents become content items (an image, audio, or a resource with its text or a
// download), so nothing new renders them.
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ApiError, type Content, type ResourceContents, type ToolApi } from '../api.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { mediaDataUrl } from '../display/safe-url.js';
import { renderContent, type BlobLinks } from '../content/content-item.js';

type Read = { status: 'reading' } | { status: 'read'; items: Content[] } | { status: 'failed'; message: string };

/** A read resource's contents as a content item: media the result renderers play, anything else as a resource. */
function contentItem(contents: ResourceContents): Content {
  for (const kind of ['image', 'audio'] as const) {
    if (mediaDataUrl(kind, contents.mimeType, contents.blob)) {
      return { type: kind, data: contents.blob!, mimeType: contents.mimeType! };
    }
  }
  return { type: 'resource', resource: contents };
}

/**
 * Whether the page offers to open `uri` through the server: any resource link, and an embedded resource whose URI
 * only the server can read (`ui://`, `file://`, its own schemes), not a web address, which the item links to itself.
 */
export function opensThroughServer(type: unknown, uri: unknown): uri is string {
  if (typeof uri !== 'string' || !uri) return false;
  return type === 'resource_link' || (type === 'resource' && !/^(?:https?|data|blob):/i.test(uri));
}

export class ResourceReads implements ReactiveController {
  /** The backend that reads; without one, nothing is offered. */
  api: ToolApi | undefined;
  private reads = new Map<string, Read>();
  private abort = new AbortController();
  private host: ReactiveControllerHost;
  private addBlob: (item: Content) => void;

  /** `addBlob` makes a resource item's base64 downloadable in the host's `blobs` (and revokes it with the rest). */
  constructor(host: ReactiveControllerHost, addBlob: (item: Content) => void) {
    this.host = host;
    this.addBlob = addBlob;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.reset();
    // Drawn again, so that put back on the page it offers Open instead of a “Reading…” that will never end.
    this.host.requestUpdate();
  }

  /** Forgets every read (a new result): reads still under way are dropped. */
  reset(): void {
    this.abort.abort();
    this.abort = new AbortController();
    this.reads.clear();
  }

  /** The Open button and, once asked, what the read brought: drawn under the item whose URI it is. */
  render(type: unknown, uri: unknown, blobs: BlobLinks) {
    if (!this.api || !opensThroughServer(type, uri)) return nothing;
    const read = this.reads.get(uri);
    if (!read) {
      return html`<button type="button" class="open" part="open" @click=${() => this.read(uri)}>Open</button>`;
    }
    if (read.status === 'reading') return html`<p class="notice" role="status">Reading ${uri}…</p>`;
    if (read.status === 'failed') return html`<p class="notice" role="alert">${read.message}</p>`;
    return html`<div class="opened" part="opened" aria-label=${`Contents of ${uri}`} role="group">
      ${read.items.length ? read.items.map((item) => renderContent(item, blobs)) : html`<p class="notice">It is empty.</p>`}
    </div>`;
  }

  private async read(uri: string): Promise<void> {
    const { signal } = this.abort;
    this.set(uri, { status: 'reading' });
    try {
      const result = await this.api!.readResource(uri, signal);
      if (signal.aborted) return;
      const items = result.contents.filter(isPlainObject).map((contents) => contentItem(contents as ResourceContents));
      items.forEach(this.addBlob);
      this.set(uri, { status: 'read', items });
    } catch (error) {
      if (signal.aborted) return;
      const reason = error instanceof ApiError ? error.message : 'the server did not answer.';
      this.set(uri, { status: 'failed', message: `Reading ${uri} failed: ${reason}` });
    }
  }

  private set(uri: string, read: Read): void {
    this.reads.set(uri, read);
    this.host.requestUpdate();
  }
}
