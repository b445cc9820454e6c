// The page of many servers (`GET /` of the CLI's --config): the server switcher shell (`servers.html`, built by vite
// beside the console's `index.html`), read once, its `<<TITLE>>` filled in. It frames each server's console, which is
// on its own origin, so its policy allows framing `'self'` and nothing else.
import { CachedReply } from '../../core/http/cached-reply.js';
import { HttpError } from '../../core/http/http-error.js';
import type { Answer } from '../../core/http/negotiate-reply.js';
import { escapeHtml, pageHeaders } from '../../core/page/page.js';
import { utf8Bytes, utf8Text } from '../../core/platform/bytes.js';
import type { PageFiles } from '../../core/platform/platform.js';

const SHELL_FILE = 'servers.html';

export class ShellPage {
  readonly #reply: CachedReply | undefined;
  readonly #missing: string;

  constructor(files: PageFiles | undefined, title: string) {
    const html = files?.read(SHELL_FILE);
    this.#missing =
      `The server switcher page is not built: run \`npm run build\` ` +
      `(missing ${files?.whereIs(SHELL_FILE) ?? SHELL_FILE}).`;
    if (html === undefined) return;
    const filled = utf8Text(html).replaceAll('<<TITLE>>', () => escapeHtml(title));
    this.#reply = new CachedReply(200, pageHeaders("'self'"), utf8Bytes(filled));
  }

  /** The page, or a 500 that says how to build it. */
  reply(): Answer {
    if (this.#reply === undefined) throw new HttpError(500, this.#missing, undefined, true);
    return this.#reply;
  }
}
