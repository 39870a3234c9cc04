import S3rver from 's3rver';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalBucket {
  name: string;
  /** The template's `CorsConfiguration.CorsRules`. */
  corsRules?: CorsRule[];
}

export interface CorsRule {
  AllowedMethods: string[];
  AllowedOrigins: string[];
  AllowedHeaders?: string[];
  ExposedHeaders?: string[];
  MaxAge?: number;
}

/** The bucket's CORS rules in the XML that S3's PutBucketCors (and s3rver) reads. */
export function corsConfigurationXml(rules: CorsRule[]): string {
  const elements = (name: string, values: string[] = []) => values.map((value) => `<${name}>${value}</${name}>`).join('');
  const rule = (r: CorsRule) =>
    `<CORSRule>${elements('AllowedOrigin', r.AllowedOrigins)}${elements('AllowedMethod', r.AllowedMethods)}${elements('AllowedHeader', r.AllowedHeaders)}${elements('ExposeHeader', r.ExposedHeaders)}${r.MaxAge === undefined ? '' : `<MaxAgeSeconds>${r.MaxAge}</MaxAgeSeconds>`}</CORSRule>`;
  return `<CORSConfiguration>${rules.map(rule).join('')}</CORSConfiguration>`;
}

/** s3rver keeping objects under `directory`, with the buckets it should hold and their CORS rules. */
export async function startS3(directory: string, host: string, buckets: LocalBucket[], onRequest: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ endpoint: string; close(): Promise<void> }> {
  const configureBuckets = buckets.map(({ name, corsRules }) => ({ name, configs: corsRules?.length ? [corsConfigurationXml(corsRules)] : [] }));
  const server = new S3rver({ address: host, port: 0, directory, silent: true, configureBuckets });
  const address = (await server.run()) as AddressInfo;
  server.httpServer.on('request', onRequest);
  return { endpoint: `http://${host}:${address.port}`, close: () => server.close() };
}
