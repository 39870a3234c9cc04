import { createServer as createHttpsServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { createTestCa, type TestCa } from './tls.js';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FixtureSite {
  port: number;
  caPem: string;
  /** Every request the site received, in order. */
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** An HTTPS site on 127.0.0.1 with a certificate for the given names, signed by the test CA. */
/** `ca` signs the certificate; by default the run's CA, which the test processes trust. */
export async function startFixtureSite(hostnames: string[], handler: Handler, ca?: TestCa): Promise<FixtureSite> {
  const { caPem, certPem, keyPem } = createTestCa(hostnames, ca);
  const requests: IncomingMessage[] = [];
  const server: Server = createHttpsServer({ cert: certPem, key: keyPem }, (request, response) => {
    requests.push(request);
    handler(request, response);
  });
  const port = await listen(server);
  return {
    port,
    caPem,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Accepts TCP connections and never answers, so a TLS handshake never completes. */
export async function startSilentListener(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Accepts TCP connections and closes each at once, so a TLS handshake is cut off. */
export async function startClosingListener(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createTcpServer((socket) => socket.destroy());
  const port = await listen(server);
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback port nothing listens on. */
export async function unusedPort(): Promise<number> {
  const server = createTcpServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listen(server: TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
