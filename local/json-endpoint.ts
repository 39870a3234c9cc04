import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestText } from './request-body.js';

/** An error the AWS JSON protocol reports as `{ "__type": name, "message": … }` with HTTP 400. */
export class ProtocolError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type JsonOperation = (input: Record<string, unknown>) => Promise<unknown>;

/**
 * A minimal endpoint for an AWS JSON-protocol service (`x-amz-target: <Prefix>.<Operation>`), enough
 * for the SDK client of the service to talk to a local stand-in.
 */
export async function startJsonEndpoint(
  targetPrefix: string,
  operations: Record<string, JsonOperation>,
  onRequest: (request: IncomingMessage, response: ServerResponse) => void,
  /** Checks a request's signature and that its caller may make it; throws the ProtocolError to answer. */
  authorize: (request: IncomingMessage, body: string, operation: string) => Promise<void> = async () => undefined,
  host = '127.0.0.1',
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    onRequest(request, response);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(`${targetPrefix}.`) ? operations[target.slice(targetPrefix.length + 1)] : undefined;
      const text = await readRequestText(request);
      if (!operation) return reply(400, { __type: 'UnknownOperationException', message: `Unsupported operation ${target}` });
      try {
        await authorize(request, text, target);
        reply(200, (await operation(text ? (JSON.parse(text) as Record<string, unknown>) : {})) ?? {});
      } catch (error) {
        if (error instanceof ProtocolError) return reply(error.status, { __type: error.type, message: error.message });
        reply(500, { __type: 'InternalFailure', message: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
