// Page weight budgets, gzip: what the page loads before its tool list shows, at most 30 KB; what it loads on first
// use (the form and the question dialog, when the first tool is opened), at most 16 KB more (it was 15 KB until the
// form learnt to refuse arguments over the body limit locally, count the problems it shows and name nested list
// items: 15.0 KB with them); what only some pages ever load (the sampling view, on a server's first sampling
// request), at most 5 KB more; the host of tools' own interfaces (MCP Apps: ext-apps' AppBridge with its MCP client
// and zod, measured at 64 KB), loaded when a tool with one is first run, at most 70 KB more. The CDN file loads in
// the same stages, each from a script beside it, within the same budgets (it carried the form and question dialog
// itself, 44.7 KB gzip, until it loaded them on first use as the page does). The Resources and Prompts sections (issue
// 29: their tabs, lists and paging) load only for a backend that offers them, at most 8 KB more. The result view loads
// with the first call (it was in the first load until the Server drawer needed the room), at most 7 KB more (6 KB
// until its Command tab, issue 31, brought the `tool-console call` line it shares with saved calls: 6.2 KB); the
// Server drawer (issue 30: protocol log, notifications, server panel) when first opened, at most 12 KB more. Saved
// calls (issue 31: Save call, the collection, copy as command) load on their own beside the form when the first tool
// is opened, at most 7 KB more. Runs on the build output (npm test builds first).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const page = join(root, 'dist', 'page');

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The local files a built file references: an HTML page's src/href, a module's static or dynamic imports. */
function references(file: string): { now: string[]; later: string[] } {
  const text = readFileSync(file, 'utf8');
  const local = (found: string[]) =>
    found
      .filter((reference) => reference && !/^(data:|https?:|#)/.test(reference))
      .map((reference) => {
        const target = join(dirname(file), reference.split(/[?#]/)[0]);
        assert.ok(existsSync(target), `${file} references ${reference}, which the build did not write`);
        return target;
      });
  if (file.endsWith('.html')) {
    const tags = [...text.matchAll(/<(?:script|link|img)\b[^>]*>/g)]
      .map((m) => m[0])
      // The preloaded tools list is the server's data, not page weight.
      .filter((tag) => !/\bas="fetch"/.test(tag));
    return { now: local(tags.map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1] ?? '')), later: [] };
  }
  return {
    now: local([...text.matchAll(/(?:\bimport|\bfrom)\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)].map((m) => m[1])),
    later: local([...text.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((m) => m[1])),
  };
}

/** Every file reachable from `entries` through static references; dynamic imports are collected, not followed. */
function closure(entries: string[], known = new Set<string>()): { files: string[]; deferred: string[] } {
  const seen = new Set<string>();
  const deferred = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || known.has(file)) continue;
    seen.add(file);
    const { now, later } = references(file);
    queue.push(...now);
    for (const target of later) deferred.add(target);
  }
  return { files: [...seen], deferred: [...deferred] };
}

const total = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(file), 0);

/** The app host's chunk, named after its module (elements/tool-app/tool-app.ts). */
const APP_HOST = /tool-app/;
/** The Resources and Prompts sections' chunk, named after its module (elements/catalog-section/open-sections.ts). */
const SECTIONS = /open-sections/;
/** The result view's chunk (elements/tool-result/tool-result.ts), loaded when the first call starts. */
const RESULT = /tool-result/;
/** The Server drawer's chunk (elements/server-drawer/server-drawer.ts), loaded when first opened. */
const DRAWER = /server-drawer/;
/** Saved calls' chunk (elements/saved-calls/saved-calls.ts), loaded beside the form when the first tool is opened. */
const SAVED = /saved-calls/;
/** The chunks loaded on their own, each with its own budget: not part of the form's first use. */
const OWN_CHUNKS = [APP_HOST, SECTIONS, RESULT, DRAWER, SAVED];

/** What a page loads from `entry` at each stage: first, on first use, later, and for tools with their own UI. */
function stages(entry: string) {
  const firstLoad = closure([entry]);
  const appHost = closure(
    firstLoad.deferred.filter((file) => APP_HOST.test(file)),
    new Set(firstLoad.files),
  );
  const sections = closure(
    firstLoad.deferred.filter((file) => SECTIONS.test(file)),
    new Set(firstLoad.files),
  );
  // What the sections load when something is first picked there (the views of a resource, template or prompt).
  const sectionViews = closure(sections.deferred, new Set([...firstLoad.files, ...sections.files]));
  const onFirstUse = closure(
    firstLoad.deferred.filter((file) => !OWN_CHUNKS.some((chunk) => chunk.test(file))),
    new Set(firstLoad.files),
  );
  const later = closure(onFirstUse.deferred, new Set([...firstLoad.files, ...onFirstUse.files]));
  const result = closure(
    firstLoad.deferred.filter((file) => RESULT.test(file)),
    new Set([...firstLoad.files, ...onFirstUse.files]),
  );
  const drawer = closure(
    firstLoad.deferred.filter((file) => DRAWER.test(file)),
    new Set(firstLoad.files),
  );
  const saved = closure(
    firstLoad.deferred.filter((file) => SAVED.test(file)),
    new Set([...firstLoad.files, ...onFirstUse.files]),
  );
  return { firstLoad, appHost, sections, sectionViews, onFirstUse, later, result, drawer, saved };
}

// The page the server serves, and the CDN file a <script type="module"> tag loads: both load in the same stages.
const builds = [
  { label: 'page', entry: join(page, 'index.html'), built: 'dist/page' },
  { label: 'cdn', entry: join(root, 'dist', 'cdn', 'tool-console.js'), built: 'dist/cdn' },
];

for (const { label, entry, built } of builds) {
  describe(`size budget: ${label}`, () => {
    const { firstLoad, appHost, sections, sectionViews, onFirstUse, later, result, drawer, saved } = stages(entry);

    it('should load at most 30 KB gzip before the tool list shows', () => {
      assert.ok(
        firstLoad.files.some((file) => file.endsWith('.js')),
        `${label} loads no script: is ${built} built?`,
      );
      const size = total(firstLoad.files);
      console.log(`${label}, first load: ${firstLoad.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 30 KB`);
      assert.ok(size <= 30 * KB, `the ${label}'s first load weighs ${size} bytes gzip, over the 30 KB budget`);
    });

    it('should load at most 16 KB gzip more on first use (the form)', () => {
      assert.ok(
        onFirstUse.files.some((file) => /tool-form/.test(file)),
        'the form is not loaded on first use: does the console still import it statically?',
      );
      const size = total(onFirstUse.files);
      console.log(
        `${label}, on first use: ${onFirstUse.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 16 KB`,
      );
      assert.ok(
        size <= 16 * KB,
        `what the ${label} loads on first use weighs ${size} bytes gzip, over the 16 KB budget`,
      );
    });

    it('should load at most 8 KB gzip more for the Resources and Prompts sections, only for a backend offering them', () => {
      assert.ok(
        sections.files.some((file) => SECTIONS.test(file)),
        'the sections are not loaded on their own: does the console import them statically?',
      );
      assert.ok(!onFirstUse.files.some((file) => SECTIONS.test(file)), 'the sections are part of the form chunk');
      const size = total(sections.files);
      console.log(`${label}, sections: ${sections.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 8 KB`);
      console.log(
        `${label}, their views: ${sectionViews.files.length} files, ${(total(sectionViews.files) / KB).toFixed(1)} KB gzip`,
      );
      assert.ok(size <= 8 * KB, `the ${label}'s sections weigh ${size} bytes gzip, over the 8 KB budget`);
    });

    it('should load at most 7 KB gzip more for the result view, when the first call starts', () => {
      assert.ok(
        result.files.some((file) => RESULT.test(file)),
        'the result view is not loaded on its own: does the console import it statically again?',
      );
      const size = total(result.files);
      console.log(`${label}, result view: ${result.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 7 KB`);
      assert.ok(size <= 7 * KB, `the ${label}'s result view weighs ${size} bytes gzip, over the 7 KB budget`);
    });

    it('should load at most 12 KB gzip more for the Server drawer, only when it is first opened', () => {
      assert.ok(
        drawer.files.some((file) => DRAWER.test(file)),
        'the Server drawer is not loaded on its own: does the console import it statically?',
      );
      assert.ok(!onFirstUse.files.some((file) => DRAWER.test(file)), 'the Server drawer is part of the form chunk');
      const size = total(drawer.files);
      console.log(`${label}, Server drawer: ${drawer.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 12 KB`);
      assert.ok(size <= 12 * KB, `the ${label}'s Server drawer weighs ${size} bytes gzip, over the 12 KB budget`);
    });

    it('should load at most 7 KB gzip more for saved calls, on their own beside the form', () => {
      assert.ok(
        saved.files.some((file) => SAVED.test(file)),
        'saved calls are not loaded on their own: does the console import them statically?',
      );
      assert.ok(!onFirstUse.files.some((file) => SAVED.test(file)), 'saved calls are part of the form chunk');
      const size = total(saved.files);
      console.log(`${label}, saved calls: ${saved.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 7 KB`);
      assert.ok(size <= 7 * KB, `the ${label}'s saved calls weigh ${size} bytes gzip, over the 7 KB budget`);
    });

    it('should load at most 5 KB gzip more for what only some pages need (the sampling view)', () => {
      assert.ok(
        later.files.some((file) => /sampling-view/.test(file)),
        'the sampling view is not loaded on its own: is it in the first-use chunk again?',
      );
      const size = total(later.files);
      console.log(`${label}, later: ${later.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 5 KB`);
      assert.ok(size <= 5 * KB, `what the ${label} loads later weighs ${size} bytes gzip, over the 5 KB budget`);
    });

    it('should load at most 70 KB gzip more for tools with their own interface (the app host), only on their first run', () => {
      assert.ok(
        appHost.files.some((file) => APP_HOST.test(file)),
        'the app host is not loaded on its own: does the console import it statically?',
      );
      assert.ok(
        !onFirstUse.files.some((file) => APP_HOST.test(file)) && !later.files.some((file) => APP_HOST.test(file)),
        'the app host is part of another chunk',
      );
      const size = total(appHost.files);
      console.log(`${label}, app host: ${appHost.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 70 KB`);
      assert.ok(size <= 70 * KB, `the ${label}'s app host weighs ${size} bytes gzip, over the 70 KB budget`);
    });
  });
}

describe('the CDN build', () => {
  it('should write its scripts into one folder, named after the CDN file, so one URL finds them all', () => {
    const cdn = join(root, 'dist', 'cdn');
    const scripts = readdirSync(cdn, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const { firstLoad, appHost, sections, sectionViews, onFirstUse, later, result, drawer, saved } = stages(
      join(cdn, 'tool-console.js'),
    );
    const loaded = [firstLoad, appHost, sections, sectionViews, onFirstUse, later, result, drawer, saved].flatMap(
      (stage) => stage.files,
    );
    assert.deepEqual(
      scripts.map((file) => join(cdn, file)).sort(),
      [...new Set(loaded)].sort(),
      'the CDN build wrote scripts the CDN file never loads',
    );
    for (const file of scripts)
      assert.match(file, /^tool-console(-[\w.-]+)?\.js$/, `${file} is not beside the CDN file`);
    assert.doesNotMatch(
      readFileSync(join(cdn, 'tool-console.js'), 'utf8'),
      /sandbox-resource-ready/,
      'the AppBridge is bundled into the CDN file',
    );
  });
});

// The page a console serving many servers opens on (`--config`, issue 32): the server switcher alone, at most 12 KB
// gzip (10.5 KB with its own lit); each server's console loads in its frame, from the console's page.
describe('size budget: the server switcher page', () => {
  it('should load at most 12 KB gzip, and none of the console', () => {
    const switcher = closure([join(page, 'servers.html')]);
    const scripts = switcher.files.filter((file) => file.endsWith('.js'));
    assert.ok(scripts.length, 'the switcher page loads no script: is dist/page built?');
    const consoleScripts = closure([join(page, 'index.html')]).files.filter((file) => file.endsWith('.js'));
    assert.deepEqual(
      scripts.filter((file) => consoleScripts.includes(file)),
      [],
      'the switcher page loads a script of the console page',
    );
    for (const file of scripts) {
      assert.doesNotMatch(readFileSync(file, 'utf8'), /[`"']tool-console[`"']/, `${file} defines <tool-console>`);
    }
    assert.deepEqual(switcher.deferred, [], 'the switcher page loads scripts later');
    const size = total(switcher.files);
    console.log(`server switcher page: ${switcher.files.length} files, ${(size / KB).toFixed(1)} KB gzip of 12 KB`);
    assert.ok(size <= 12 * KB, `the switcher page's first load weighs ${size} bytes gzip, over the 12 KB budget`);
  });
});
