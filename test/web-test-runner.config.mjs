// Element tests in real Chromium. TypeScript (with Lit's legacy decorators) is compiled by esbuild;
// target es2022 makes it lower the decorators, which Chromium cannot parse.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

/**
 * A port the system has free now. Left unset, the runner takes 8000 whenever it is free: the port `npm start` serves
 * on, which then cannot listen while the tests run.
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export default {
  rootDir: fileURLToPath(new URL('..', import.meta.url)),
  port: await freePort(),
  files: ['test/elements/**/*.test.ts'],
  // 'browser': packages with a browser build and a Node build (the MCP client under ext-apps' AppBridge) get the former.
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 1,
  // ext-apps' PostMessageTransport traces every message with console.debug: noise, not findings.
  filterBrowserLogs: ({ type }) => type !== 'debug',
  testFramework: { config: { timeout: 10000 } },
  plugins: [
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
    }),
  ],
  browsers: [
    chromeLauncher({ launchOptions: { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS } }),
  ],
};
