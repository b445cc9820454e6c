// What the content renderers remember between renders of the element that hosts them: the blob: URLs of downloads
// (made once per contents, revoked when the contents go or the element leaves the page), which long texts the person
// asked to see whole, and what the last Copy said. Held by the element, handed to the renderers.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { base64ToBytes, downloadName } from '../display/safe-url.js';

/** A download of base64 contents. */
export interface Download {
  url: string;
  name: string;
  size: number;
}

export class ContentState implements ReactiveController {
  private downloads = new WeakMap<object, Download | null>();
  // Stryker disable next-line ArrayDeclaration: revoking a string that is no blob: URL does nothing
  private urls: string[] = [];
  private whole = new WeakSet<object>();
  private copied = new WeakMap<object, string>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.reset();
  }

  /** Forgets everything (new contents): the downloads made so far are revoked. */
  reset(): void {
    for (const url of this.urls) URL.revokeObjectURL(url);
    // Stryker disable next-line ArrayDeclaration: revoking a string that is no blob: URL does nothing
    this.urls = [];
    this.downloads = new WeakMap();
    this.whole = new WeakSet();
    this.copied = new WeakMap();
  }

  /** A download of `contents.blob` named after its URI; null when the blob is not base64. */
  download(contents: { uri?: unknown; blob?: unknown }): Download | null {
    if (this.downloads.has(contents)) return this.downloads.get(contents)!;
    const bytes = base64ToBytes(contents.blob);
    // Always octet-stream: a blob: URL of text/html or SVG opened in a tab would run in the console's origin.
    const download = bytes && {
      url: this.remember(URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }))),
      name: downloadName(contents.uri),
      size: bytes.length,
    };
    this.downloads.set(contents, download);
    return download;
  }

  /** Whether the person asked to see all of `item`'s text. */
  isWhole(item: object): boolean {
    return this.whole.has(item);
  }

  showWhole(item: object): void {
    this.whole.add(item);
    this.host.requestUpdate();
  }

  /** What the last Copy of `item` said ("Copied.", or how to copy by hand). */
  copyStatus(item: object): string {
    return this.copied.get(item) ?? '';
  }

  async copy(item: object, text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.copied.set(item, 'Copied.');
    } catch {
      // No clipboard permission (an http page, an iframe's policy).
      this.copied.set(item, 'The browser did not allow copying: select the text and press Ctrl+C (⌘C).');
    }
    this.host.requestUpdate();
  }

  private remember(url: string): string {
    this.urls.push(url);
    return url;
  }
}
