import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { verifyRequestSignature, type SignedRequest } from '../../../local/request-signature.js';

const KEY = { accessKeyId: 'LOCALRUNTIME', secretAccessKey: 'the-secret-of-this-run' };
const secretOf = (accessKeyId: string) => (accessKeyId === KEY.accessKeyId ? KEY.secretAccessKey : undefined);
const s3 = { secretOf, region: 'us-east-1', service: 's3' };
const ENDPOINT = 'http://127.0.0.1:4569';

/** Keeps the requests an SDK client sends (signed), as the endpoint would receive them, and sends none. */
function capturingHandler() {
  const sent: SignedRequest[] = [];
  const handler = {
    handle: async (request: { method: string; path: string; query?: Record<string, string>; headers: Record<string, string>; body?: unknown }) => {
      const query = new URLSearchParams(request.query).toString();
      sent.push({ method: request.method, url: `${request.path}${query ? `?${query}` : ''}`, headers: request.headers, body: request.body instanceof Uint8Array ? Buffer.from(request.body).toString() : undefined });
      throw new Error('captured, not sent');
    },
  };
  return { handler, sent };
}

async function sentBy(send: (requestHandler: ReturnType<typeof capturingHandler>['handler']) => Promise<unknown>): Promise<SignedRequest> {
  const { handler, sent } = capturingHandler();
  await send(handler).catch(() => undefined);
  const [request] = sent;
  if (!request) throw new Error('the client sent nothing');
  return request;
}

const s3Client = (credentials = KEY, requestHandler?: ReturnType<typeof capturingHandler>['handler']) => new S3Client({ endpoint: ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials, requestHandler, maxAttempts: 1 });
const put = (credentials = KEY) => sentBy((handler) => s3Client(credentials, handler).send(new PutObjectCommand({ Bucket: 'artifacts', Key: 'jobs/a b/result.md', Body: 'the document' })));
const presigned = async (credentials = KEY, expiresIn = 300) => {
  const url = new URL(await getSignedUrl(s3Client(credentials), new GetObjectCommand({ Bucket: 'artifacts', Key: 'jobs/1/result.pdf', ResponseContentType: 'application/pdf' }), { expiresIn }));
  return { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host } };
};

describe('a request signed in its Authorization header', () => {
  it('is the key that signed it', async () => {
    expect(await verifyRequestSignature(await put(), s3)).toEqual({ accessKeyId: 'LOCALRUNTIME' });
  });

  it('is refused once its path, a signed header or its secret differs', async () => {
    const request = await put();
    expect(await verifyRequestSignature({ ...request, url: request.url.replace('jobs/a', 'jobs/b') }, s3)).toMatchObject({ refusal: { status: 403, code: 'SignatureDoesNotMatch' } });
    expect(await verifyRequestSignature({ ...request, headers: { ...request.headers, 'content-length': '99' } }, s3)).toMatchObject({ refusal: { code: 'SignatureDoesNotMatch' } });
    const guessed = await put({ ...KEY, secretAccessKey: 'S3RVER' });
    expect(await verifyRequestSignature(guessed, s3)).toMatchObject({ refusal: { status: 403, code: 'SignatureDoesNotMatch' } });
  });

  it('is refused for a key the store does not know, or from a clock 15 minutes off', async () => {
    expect(await verifyRequestSignature(await put({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }), s3)).toMatchObject({ refusal: { status: 403, code: 'InvalidAccessKeyId' } });
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await verifyRequestSignature(await put(), { ...s3, now: later })).toMatchObject({ refusal: { status: 403, code: 'RequestTimeTooSkewed' } });
  });

  it('covers the body where the service signs it (SQS), not only S3', async () => {
    const request = await sentBy((requestHandler) =>
      new SQSClient({ endpoint: ENDPOINT, region: 'us-east-1', credentials: KEY, requestHandler, maxAttempts: 1 }).send(new SendMessageCommand({ QueueUrl: `${ENDPOINT}/000000000000/PageQueue`, MessageBody: '{"job_id":"1"}' })),
    );
    const context = { secretOf, region: 'us-east-1', service: 'sqs' };
    expect(await verifyRequestSignature(request, context)).toEqual({ accessKeyId: 'LOCALRUNTIME' });
    expect(await verifyRequestSignature({ ...request, body: request.body?.replace('PageQueue', 'DeadLetters') }, context)).toMatchObject({ refusal: { code: 'SignatureDoesNotMatch' } });
  });
});

describe('a presigned URL', () => {
  it('is the key that signed it, until it expires', async () => {
    const request = await presigned(KEY, 60);
    expect(await verifyRequestSignature(request, s3)).toEqual({ accessKeyId: 'LOCALRUNTIME' });
    expect(await verifyRequestSignature(request, { ...s3, now: new Date(Date.now() + 61_000) })).toEqual({ refusal: { status: 403, code: 'AccessDenied', message: 'Request has expired' } });
  });

  it('is refused with its signature zeroed, a parameter changed, or signed with another secret', async () => {
    const { url, ...rest } = await presigned();
    const zeroed = url.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`);
    expect(await verifyRequestSignature({ ...rest, url: zeroed }, s3)).toMatchObject({ refusal: { status: 403, code: 'SignatureDoesNotMatch' } });
    const retyped = url.replace('response-content-type=application%2Fpdf', 'response-content-type=text%2Fhtml');
    expect(await verifyRequestSignature({ ...rest, url: retyped }, s3)).toMatchObject({ refusal: { code: 'SignatureDoesNotMatch' } });
    expect(await verifyRequestSignature(await presigned({ ...KEY, secretAccessKey: 'another install' }), s3)).toMatchObject({ refusal: { code: 'SignatureDoesNotMatch' } });
  });
});

describe('a request without a Signature Version 4', () => {
  it('is refused: anonymous, or in the retired Signature Version 2', async () => {
    expect(await verifyRequestSignature({ method: 'GET', url: '/artifacts/?prefix=jobs/', headers: {} }, s3)).toEqual({ refusal: { status: 403, code: 'AccessDenied', message: 'Access Denied' } });
    expect(await verifyRequestSignature({ method: 'GET', url: '/artifacts/jobs/1/result.pdf', headers: { authorization: 'AWS LOCALRUNTIME:c2lnbmF0dXJl' } }, s3)).toMatchObject({ refusal: { status: 400, code: 'InvalidRequest' } });
    expect(await verifyRequestSignature({ method: 'GET', url: '/artifacts/x?AWSAccessKeyId=LOCALRUNTIME&Expires=9999999999&Signature=abc', headers: {} }, s3)).toMatchObject({ refusal: { code: 'InvalidRequest' } });
  });
});
