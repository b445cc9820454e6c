// The page as the host bundles it (the `pageFiles` option) and as it reads at each request: its files by path (a
// leading `./` or `/` dropped, text or bytes), a missing index.html answered 503 with where it was looked for, the
// sandbox origin in the page and its policy, and a page whose title, server or offers change filled in again.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import type { ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { rawRequest, recordingLogger, startConsole, weatherTool, type RunningConsole } from './helpers.js';

const TEMPLATE =
  '<!doctype html><html><head><title><<TITLE>></title></head><body><tool-console allow-execute="<<ALLOW_EXECUTE>>" ' +
  'max-body-bytes="<<MAX_BODY_BYTES>>" sandbox="<<SANDBOX>>" server="<<SERVER>>" offers="<<OFFERS>>"></tool-console>' +
  '</body></html>';

const BYTES = new Uint8Array([0, 1, 2, 250, 255]);

async function withConsole(options: Partial<ToolConsoleOptions>, test: (app: RunningConsole) => Promise<void>) {
  const app = await startConsole({ pageFiles: { 'index.html': TEMPLATE }, ...options });
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

/** The value of one attribute of <tool-console> on the page. */
const attribute = (page: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(page)?.[1];

describe('the pageFiles option', () => {
  const pageFiles = {
    './index.html': TEMPLATE,
    '/assets/app-AbCd1234.js': 'export const é = 1;',
    'assets/fonts/icons.woff2': BYTES,
  };

  it('serves the page and each file by its path, a leading ./ or / dropped, text as UTF-8 and bytes as given', async () => {
    await withConsole({ pageFiles, title: 'Bundled', allowExecute: true, maxBodyBytes: 4096 }, async (app) => {
      const page = await app.request('GET', '/');
      assert.equal(page.status, 200);
      assert.match(page.text, /<title>Bundled<\/title>/);
      assert.equal(attribute(page.text, 'allow-execute'), 'true');
      assert.equal(attribute(page.text, 'max-body-bytes'), '4096');
      const script = await app.request('GET', '/assets/app-AbCd1234.js');
      assert.deepEqual([script.status, script.text], [200, 'export const é = 1;']);
      const font = await app.request('GET', '/assets/fonts/icons.woff2');
      assert.equal(font.status, 200);
      assert.deepEqual([...font.body], [...BYTES]);
      assert.equal(font.headers['content-type'], 'font/woff2');
    });
  });

  it('answers 503 naming the missing index.html of pageFiles, and says so in the log', async () => {
    await withConsole({ pageFiles: { 'assets/a.js': '1' } }, async (app) => {
      const page = await app.request('GET', '/');
      assert.equal(page.status, 503);
      assert.deepEqual(page.json, {
        error: 'The console page is not built: run `npm run build` (missing pageFiles["index.html"]).',
      });
      assert.match(app.logger.text('warn'), /the page is not built \(cannot read pageFiles\["index\.html"\]\)/);
    });
  });
});

describe('a runtime with no files to read and no pageFiles', () => {
  it('answers 503 asking for the pageFiles option, and says so in the log', async () => {
    const logger = recordingLogger();
    const saved = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
    let handler;
    try {
      handler = createFetchHandler({ tools: [weatherTool], handleCall: () => [[], false], logger });
    } finally {
      if (saved) Object.defineProperty(process, 'getBuiltinModule', saved);
    }
    const server = createAdaptorServer({ fetch: handler }) as Server;
    const port = await listen(server);
    try {
      const page = await rawRequest(port, 'GET', '/');
      assert.equal(page.status, 503);
      assert.deepEqual(page.json, {
        error: 'The console page is not available here: pass the built page as the `pageFiles` option.',
      });
      assert.match(logger.text('warn'), /the page is not built \(no pageFiles given\)/);
    } finally {
      await close(server);
    }
  });
});

describe('the sandbox origin on the page', () => {
  it('names the sandbox page and lets the page frame that origin, and only it', async () => {
    await withConsole({ sandboxOrigin: 'https://apps.example', prefix: '/explorer' }, async (app) => {
      const page = await app.request('GET', '/explorer/');
      assert.equal(attribute(page.text, 'sandbox'), 'https://apps.example/explorer/sandbox');
      assert.equal(
        page.headers['content-security-policy'],
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; " +
          "media-src 'self' data: blob:; connect-src 'self'; frame-src https://apps.example; base-uri 'self'; " +
          "form-action 'none'; frame-ancestors 'self'",
      );
    });
  });

  it('leaves both out without one', async () => {
    await withConsole({}, async (app) => {
      const page = await app.request('GET', '/');
      assert.equal(attribute(page.text, 'sandbox'), '');
      assert.doesNotMatch(String(page.headers['content-security-policy']), /frame-src/);
    });
  });
});

describe('a page that reads differently from one request to the next', () => {
  it('shows the title as it is now, with and without a base', async () => {
    let title = 'First';
    await withConsole({ title: () => title, prefix: '/explorer' }, async (app) => {
      assert.match((await app.request('GET', '/explorer/')).text, /<title>First<\/title>/);
      title = 'Second';
      assert.match((await app.request('GET', '/explorer/')).text, /<title>Second<\/title>/);
      const slashless = await app.request('GET', '/explorer');
      assert.match(slashless.text, /<head><base href="explorer\/"><title>Second<\/title>/);
      title = 'Third';
      assert.match((await app.request('GET', '/explorer')).text, /<base href="explorer\/"><title>Third<\/title>/);
      assert.match((await app.request('GET', '/explorer/')).text, /<title>Third<\/title>/);
    });
  });

  it('shows the server as it is now, when only the server changes', async () => {
    let name: string | undefined;
    await withConsole({ title: 'Mine', serverInfo: () => (name === undefined ? undefined : { name }) }, async (app) => {
      assert.equal(attribute((await app.request('GET', '/')).text, 'server'), '');
      assert.deepEqual((await app.request('GET', '/console')).json, { title: 'Mine', offers: '' });
      name = 'srv';
      assert.equal(attribute((await app.request('GET', '/')).text, 'server'), '{&quot;name&quot;:&quot;srv&quot;}');
      const info = await app.request('GET', '/console');
      assert.deepEqual(info.json, { title: 'Mine', offers: '', server: { name: 'srv' } });
    });
  });

  it('shows what the providers offer once they can tell, pending until then, when only the offers change', async () => {
    let known: boolean | undefined;
    const offered = () => known;
    const options = {
      resources: Object.assign(() => ({ resources: [] }), { offered }),
      resourceTemplates: Object.assign(() => ({ resourceTemplates: [] }), { offered }),
      prompts: Object.assign(() => ({ prompts: [] }), { offered }),
      complete: Object.assign(() => ({ values: [] }), { offered }),
      subscribeResource: Object.assign(() => {}, { offered }),
      unsubscribeResource: () => {},
    };
    await withConsole(options, async (app) => {
      const offers = async () => attribute((await app.request('GET', '/')).text, 'offers');
      assert.equal(await offers(), 'pending');
      known = true;
      assert.equal(await offers(), 'resources prompts completions subscriptions');
      known = false;
      assert.equal(await offers(), '');
    });
  });

  it('shows what a single provider offers once it can tell', async () => {
    let known: boolean | undefined;
    const complete = Object.assign(() => ({ values: [] }), { offered: () => known });
    await withConsole({ complete }, async (app) => {
      const offers = async () => attribute((await app.request('GET', '/')).text, 'offers');
      assert.equal(await offers(), 'pending');
      known = true;
      assert.equal(await offers(), 'completions');
    });
  });
});

describe('the offers on the page', () => {
  const offersOf = async (options: Partial<ToolConsoleOptions>) => {
    let offers: string | undefined;
    await withConsole(options, async (app) => {
      offers = attribute((await app.request('GET', '/')).text, 'offers');
    });
    return offers;
  };
  const later = <T extends object>(provider: T, answer: () => boolean | undefined) =>
    Object.assign(provider, { offered: answer });

  it('names each given offer, space-separated, and nothing for what is not given', async () => {
    assert.equal(await offersOf({}), '');
    assert.equal(await offersOf({ resources: [] }), 'resources');
    assert.equal(await offersOf({ prompts: [] }), 'prompts');
    assert.equal(
      await offersOf({
        resourceTemplates: [],
        prompts: [],
        complete: () => ({ values: [] }),
        subscribeResource: () => {},
        unsubscribeResource: () => {},
      }),
      'resources prompts completions subscriptions',
    );
  });

  it('leaves out a provider that says it is not offered, and names one that says it is', async () => {
    const resources = later(
      () => ({ resources: [] }),
      () => true,
    );
    const prompts = later(
      () => ({ prompts: [] }),
      () => false,
    );
    assert.equal(await offersOf({ resources, prompts }), 'resources');
    const templates = later(
      () => ({ resourceTemplates: [] }),
      () => true,
    );
    assert.equal(await offersOf({ resourceTemplates: templates, prompts }), 'resources');
  });

  it('says pending after what is known while any provider cannot tell yet', async () => {
    const prompts = later(
      () => ({ prompts: [] }),
      () => undefined,
    );
    assert.equal(await offersOf({ resources: [], prompts }), 'resources pending');
  });
});
