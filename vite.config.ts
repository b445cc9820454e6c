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

// Two builds from one config:
// - default: the page (index.html and its hashed assets) into dist/page, which the server serves;
// - `--mode cdn`: one self-contained ES module with lit bundled in, for a <script type="module"> tag.
export default defineConfig(({ mode }) =>
  mode === 'cdn'
    ? {
        publicDir: false,
        plugins: [minifyLitCss()],
        build: {
          outDir: 'dist/cdn',
          emptyOutDir: true,
          minify: true,
          lib: { entry: 'elements/index.ts', formats: ['es'], fileName: () => 'tool-console.js' },
          // Library mode keeps whitespace in ES output (for pure annotations); a CDN file wants it gone.
          rolldownOptions: { output: { minify: true } },
        },
      }
    : {
        // Relative asset URLs, so the page works under any prefix the server is mounted at.
        base: './',
        publicDir: false,
        plugins: [minifyLitCss()],
        build: { outDir: 'dist/page', emptyOutDir: true, assetsDir: 'assets' },
      },
);
