// The real server on a loopback port for the browser tests, stopped by `close`.
import type { AddressInfo } from 'node:net';
import { createServer, type ToolConsoleOptions } from '../../server/index.js';

export const silentLogger = { info() {}, warn() {}, error() {} };

export async function serve(options: ToolConsoleOptions): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
