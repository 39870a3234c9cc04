import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalIam } from '../../../local/iam/authorizer.js';
import { RUNTIME_CREDENTIALS } from '../../../local/iam/credentials.js';
import { startS3 } from '../../../local/s3.js';

/**
 * The local object store as the red team tried it: every request here but the signed ones and the
 * console's preflight is refused, whoever knows the port and the bucket's name.
 */
const KEY = RUNTIME_CREDENTIALS;
const CONSOLE = 'http://127.0.0.1:8787';
const BUCKET = 'storageartifacts08431d1f';
const OBJECT = 'jobs/7d1c/result.md';

let store: Awaited<ReturnType<typeof startS3>>;
let client: S3Client;

beforeAll(async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-'));
  const corsRules = [{ AllowedMethods: ['GET', 'HEAD'], AllowedOrigins: [CONSOLE], AllowedHeaders: ['*'], MaxAge: 3600 }];
  store = await startS3(directory, '127.0.0.1', [{ name: BUCKET, corsRules }], new LocalIam(new Map()), () => undefined);
  client = new S3Client({ endpoint: store.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEY });
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: OBJECT, Body: '# The owner’s document' }));
});
afterAll(() => store?.close());

const objectText = async () => (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: OBJECT }))).Body?.transformToString();
const presign = (credentials = KEY) =>
  getSignedUrl(new S3Client({ endpoint: store.endpoint, region: 'us-east-1', forcePathStyle: true, credentials }), new GetObjectCommand({ Bucket: BUCKET, Key: OBJECT, ResponseContentType: 'text/markdown; charset=utf-8' }), { expiresIn: 300 });

describe('signed access', () => {
  it('serves the runtime’s own signed calls and the presigned URLs the API hands out', async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'jobs/' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([OBJECT]);
    const download = await fetch(await presign());
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await download.text()).toBe('# The owner’s document');
  });

  it('tells the SDK why it refuses, in S3’s error codes', async () => {
    const guessing = new S3Client({ endpoint: store.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { ...KEY, secretAccessKey: 'S3RVER' } });
    await expect(guessing.send(new GetObjectCommand({ Bucket: BUCKET, Key: OBJECT }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    const s3rverKey = new S3Client({ endpoint: store.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await expect(s3rverKey.send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });
});

describe('the red team’s requests', () => {
  it('an anonymous listing of every job’s objects: 403, and no CORS answer for any page', async () => {
    const listing = await fetch(`${store.endpoint}/${BUCKET}/?prefix=jobs/`, { headers: { origin: 'https://attacker.example' } });
    expect(listing.status).toBe(403);
    expect(await listing.text()).toContain('<Code>AccessDenied</Code>');
    expect(listing.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the bare object URL without its query: 403', async () => {
    const bare = new URL(await presign());
    bare.search = '';
    expect((await fetch(bare)).status).toBe(403);
  });

  it('a presigned URL with its signature zeroed, or signed by another install: 403', async () => {
    const zeroed = (await presign()).replace(/X-Amz-Signature=[0-9a-f]{64}/, `X-Amz-Signature=${'0'.repeat(64)}`);
    const answer = await fetch(zeroed);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect((await fetch(await presign({ ...KEY, secretAccessKey: 'another install' }))).status).toBe(403);
  });

  it('an anonymous PUT over the owner’s result: 403, and the owner still downloads their own text', async () => {
    const overwrite = await fetch(`${store.endpoint}/${BUCKET}/${OBJECT}`, { method: 'PUT', body: 'attacker text', headers: { 'content-type': 'text/markdown' } });
    expect(overwrite.status).toBe(403);
    const presignedPut = (await presign()).replace('x-id=GetObject', 'x-id=PutObject');
    expect((await fetch(presignedPut, { method: 'PUT', body: 'attacker text' })).status).toBe(403);
    expect(await objectText()).toBe('# The owner’s document');
  });

  it('Access-Control-Allow-Origin: never `*`; the console’s origin alone, on a download and its preflight', async () => {
    const fromConsole = await fetch(await presign(), { headers: { origin: CONSOLE } });
    expect(fromConsole.status).toBe(200);
    expect(fromConsole.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    const fromElsewhere = await fetch(await presign(), { headers: { origin: 'https://attacker.example' } });
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = (origin: string) =>
      fetch(`${store.endpoint}/${BUCKET}/${OBJECT}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    const consolePreflight = await preflight(CONSOLE);
    expect(consolePreflight.status).toBe(200);
    expect(consolePreflight.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect((await preflight('https://attacker.example')).status).toBe(403);
  });
});
