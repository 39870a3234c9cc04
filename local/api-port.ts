import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class PortInUseError extends Error {}

export interface ApiPort {
  server: Server;
  url: string;
  /** Hands the port's requests to the API router. */
  serve(listener: RequestListener): void;
  close(): Promise<void>;
}

/** Until the router serves the port, every request is told the runtime is starting. */
const starting: RequestListener = (request, response) => {
  response.writeHead(503, { 'content-type': 'application/json' });
  response.end(JSON.stringify(request.url === '/health' ? { status: 'starting' } : { message: 'The local runtime is starting; try again in a few seconds' }));
};

/**
 * The API's port, opened before the runtime makes anything else, so that a port already taken
 * stops the start with nothing created or printed but the one line that says so.
 */
export async function openApiPort(listenHost: string, port: number): Promise<ApiPort> {
  let listener = starting;
  const server = createServer((request, response) => listener(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      reject(new PortInUseError(`Port ${port} on ${listenHost} is already in use (another npm start?). Stop that process, or choose another port with PORT, e.g. PORT=${port + 1} npm start`));
    });
    server.listen(port, listenHost, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${address.port}`,
    serve(router) {
      listener = router;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
