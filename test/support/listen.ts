// How every test (and benchmark) server starts and stops. It listens on 127.0.0.1 only, never a public interface, at
// a port the system picks, so suites run side by side without colliding; it stops without waiting for idle
// keep-alive clients (a browser or an agent may hold some), which would otherwise keep `close` pending.
import { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** Starts `server` on a free loopback port and resolves with that port; rejects if it cannot listen. */
export function listen(server: Server, options: { backlog?: number } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', ...options }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Drops every open connection and resolves once `server` has stopped (at once if it was not listening). */
export function close(server: Server): Promise<void> {
  if (server instanceof HttpServer) server.closeAllConnections();
  // The only error close reports is "not running": the server is stopped either way.
  return new Promise((resolve) => server.close(() => resolve()));
}
