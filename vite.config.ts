import { defineConfig } from 'vite';

// Two builds from one config:
// - default: the page (index.html and its hashed assets) into dist/page, which the server serves;
// - `--mode cdn`: one self-contained ES module with lit bundled in, for a <script type="module"> tag.
export default defineConfig(({ mode }) =>
  mode === 'cdn'
    ? {
        publicDir: false,
        build: {
          outDir: 'dist/cdn',
          emptyOutDir: true,
          minify: true,
          lib: { entry: 'elements/index.ts', formats: ['es'], fileName: () => 'tool-console.js' },
        },
      }
    : {
        // Relative asset URLs, so the page works under any prefix the server is mounted at.
        base: './',
        publicDir: false,
        build: { outDir: 'dist/page', emptyOutDir: true, assetsDir: 'assets' },
      },
);
