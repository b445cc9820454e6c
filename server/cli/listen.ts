// Starts listening and turns the usual failures into sentences that say what to do.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class ListenError extends Error {
  override name = 'ListenError';
}

function explain(error: NodeJS.ErrnoException, host: string, port: number, flag: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; choose another with ${flag} (or ${flag} 0 for any free one)`;
    case 'EACCES':
      return `no permission to listen on port ${port}; choose a port above 1023 with ${flag}`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on host "${host}": it is not an address of this machine`;
    default:
      return `cannot listen on ${host}:${port}: ${error.message}`;
  }
}

/** Resolves with the port actually bound (the real one when asked for 0); `flag` names the port's flag in errors. */
export function listen(server: Server, host: string, port: number, flag = '--port'): Promise<number> {
  return new Promise((resolve, reject) => {
    const handleError = (error: NodeJS.ErrnoException) => reject(new ListenError(explain(error, host, port, flag)));
    server.once('error', handleError);
    server.listen(port, host, () => {
      server.off('error', handleError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The address to print: IPv6 hosts in brackets, always ending in a slash so relative links resolve. */
export function consoleUrl(host: string, port: number, prefix: string | undefined): string {
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}${(prefix ?? '').replace(/\/+$/, '')}/`;
}
