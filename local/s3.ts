import S3rver from 's3rver';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** s3rver keeping objects under `directory`, with the buckets it should hold. */
export async function startS3(directory: string, host: string, buckets: string[], onRequest: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({ address: host, port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const address = (await server.run()) as AddressInfo;
  server.httpServer.on('request', onRequest);
  return { endpoint: `http://${host}:${address.port}`, close: () => server.close() };
}
