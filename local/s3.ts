import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalIam } from './iam/authorizer.js';
import { s3Actions } from './iam/request-actions.js';
import type { Refusal } from './request-signature.js';

export interface LocalBucket {
  name: string;
  /** The template's `CorsConfiguration.CorsRules`, their origins as this machine knows them. */
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

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** S3's error answer. The body of a refused upload is left unread, so the connection closes with it. */
function refuse(response: ServerResponse, { status, code, message }: Refusal): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlText(message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', connection: 'close' });
  response.end(body);
}

/**
 * s3rver answers an allowed preflight with `Access-Control-Allow-Origin: *` whatever the rule
 * says; S3 names the origin the rule allowed (the store's rules name origins, never `*`).
 */
function namePreflightOrigin(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (!origin) return;
  const setHeader = response.setHeader.bind(response);
  response.setHeader = ((name: string, value: number | string | readonly string[]) =>
    setHeader(name, name.toLowerCase() === 'access-control-allow-origin' ? origin : value)) as ServerResponse['setHeader'];
}

/**
 * What S3 checks before it serves a request, which s3rver does not: a signature (s3rver lets
 * anonymous requests through and never checks a Signature Version 4), made with a key the store
 * knows, not expired, by a caller whose role allows the request (a presigned URL: its signer's).
 * Preflights carry no credentials in any browser, so they go to the CORS rules.
 */
function verifyingLayer(emulator: RequestListener, iam: LocalIam): RequestListener {
  return (request, response) => {
    if (request.method === 'OPTIONS') {
      namePreflightOrigin(request, response);
      return emulator(request, response);
    }
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    iam.authorize({ method, url, headers: request.headers }, 's3', () => s3Actions(method, url, request.headers)).then(
      (verdict) => {
        if ('refusal' in verdict) return refuse(response, verdict.refusal);
        // s3rver looks the key up in its own accounts before it serves; the signature is checked above.
        if (!s3rverAccounts.registry.has(verdict.accessKeyId)) s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(verdict.accessKeyId, '');
        emulator(request, response);
      },
      (error: unknown) => refuse(response, { status: 400, code: 'InvalidRequest', message: (error as Error).message }),
    );
  };
}

/**
 * s3rver keeping objects under `directory`, with the buckets it should hold and their CORS rules,
 * behind a layer that admits only requests signed by a key the local cloud issued, as `iam` allows them.
 */
export async function startS3(
  directory: string,
  host: string,
  buckets: LocalBucket[],
  iam: LocalIam,
  onRequest: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const configureBuckets = buckets.map(({ name, corsRules }) => ({ name, configs: corsRules?.length ? [corsConfigurationXml(corsRules)] : [] }));
  const server = new S3rver({ address: host, port: 0, directory, silent: true, configureBuckets });
  const address = (await server.run()) as AddressInfo;
  const [emulator] = server.httpServer.listeners('request') as RequestListener[];
  if (!emulator) throw new Error('s3rver serves no requests');
  server.httpServer.removeAllListeners('request');
  const layer = verifyingLayer(emulator, iam);
  server.httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    onRequest(request, response);
    layer(request, response);
  });
  return { endpoint: `http://${host}:${address.port}`, close: () => server.close() };
}
