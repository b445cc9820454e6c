// The real server on a loopback port for the browser tests, stopped by `close`.
import { createServer, type ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';

export const silentLogger = { info() {}, warn() {}, error() {} };

export async function serve(options: ToolConsoleOptions): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer(options);
  return { base: `http://127.0.0.1:${await listen(server)}/`, close: () => close(server) };
}
