import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Collapses the whitespace and comments of Lit `css` template literals in element style modules. Vite minifies the
 * JavaScript around them but leaves template text alone, and the styles are a large share of the page budget.
 * Only `css` tagged templates are touched (never `html`, whose whitespace can matter in <pre> and <textarea>).
 */
function minifyLitCss(): Plugin {
  return {
    name: 'minify-lit-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/elements\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      return code.replace(/\bcss`([^`]*)`/g, (_, body: string) => {
        const min = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${min}\``;
      });
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|wasm)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) sibling beside every compressible file the build emits, at the highest
 * settings zlib has: the cost is paid once here, and the server sends the siblings as they are. A sibling that is not
 * smaller than its file is not written. `except` names files whose served bytes differ from the built ones.
 */
function precompress(except?: RegExp): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(output, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || except?.test(fileName)) continue;
        const file = join(output.dir!, fileName);
        const body = readFileSync(file);
        const siblings = {
          br: brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
        };
        for (const [suffix, encoded] of Object.entries(siblings)) {
          if (encoded.length < body.length) writeFileSync(`${file}.${suffix}`, encoded);
        }
      }
    },
  };
}

// Two builds from one config:
// - default: the page (index.html and its hashed assets) into dist/page, which the server serves;
// - `--mode cdn`: one ES module with lit bundled in, for a <script type="module"> tag, which loads like the page: beside
//   it the scripts it imports on demand, relative to its own URL (the form and question dialog, the sampling view, the
//   host of tools' own interfaces).
export default defineConfig(({ mode }) =>
  mode === 'cdn'
    ? {
        publicDir: false,
        plugins: [minifyLitCss(), precompress()],
        build: {
          outDir: 'dist/cdn',
          emptyOutDir: true,
          minify: true,
          lib: { entry: 'elements/cdn.ts', formats: ['es'], fileName: () => 'tool-console.js' },
          // Library mode keeps whitespace in ES output (for pure annotations); a CDN file wants it gone.
          rolldownOptions: {
            // The scripts it loads on demand import lit and the shared modules from the CDN file itself, which exports
            // them: one copy of each. Their names are fixed (no hashes), beside it in one folder.
            preserveEntrySignatures: 'allow-extension',
            output: {
              minify: true,
              chunkFileNames: 'tool-console-[name].js',
              // Everything the CDN file imports statically goes into it (the group takes in the entry module, so its
              // chunk is the entry): left alone, the bundler moves what it shares with the on-demand scripts (lit
              // among it) into common chunks, which the first load then fetches one after another.
              codeSplitting: { groups: [{ name: 'tool-console', tags: ['$initial'] }] },
            },
          },
        },
      }
    : {
        // Relative asset URLs, so the page works under any prefix the server is mounted at.
        base: './',
        publicDir: false,
        // The HTML pages get no siblings: the server fills their placeholders, so the bytes it sends are not these.
        plugins: [minifyLitCss(), precompress(/^(index|servers)\.html$/)],
        // One script and no dynamic imports: nothing to preload, so no preload polyfill.
        build: {
          outDir: 'dist/page',
          assetsDir: 'assets',
          modulePreload: { polyfill: false },
          // What a page imports statically stays in its one script (as for the CDN file): left alone, the bundler
          // moves what the entry shares with the Resources and Prompts section (lit among it) into common chunks,
          // fetched one after another and compressed apart (3.5 KB gzip more for the first load).
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
        },
        // Two pages, each bundled on its own into dist/page: the console (index.html) and the server switcher that a
        // console serving many servers opens on (servers.html, which frames a console per server). As two inputs of
        // one bundle they would share one copy of lit: the group above would put the switcher into the console's
        // script (31.8 KB gzip for both pages), and splitting by entry breaks the console's one script into a dozen.
        // Built apart, the switcher's page carries its own small copy of lit and the console's first load is as before.
        builder: {},
        environments: {
          client: { build: { emptyOutDir: true, rolldownOptions: { input: 'index.html' } } },
          servers: { consumer: 'client', build: { emptyOutDir: false, rolldownOptions: { input: 'servers.html' } } },
        },
      },
);
