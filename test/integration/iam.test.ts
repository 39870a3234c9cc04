import { GetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/data/env.js';
import { functionCredentials } from '../../local/iam/credentials.js';
import type { CfnTemplate } from '../../local/template.js';
import { startTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/**
 * IAM from the template: each bundled function signs with a key of its own, and the local cloud
 * evaluates its calls against its role as synthesized. Here two grants are taken out of the stack
 * (the result function's read of the artifacts bucket, the usage function's read of the usage
 * table); the calls they covered fail as AWS fails them, and the rest of the service goes on. With
 * the stack's real grants every route works (bundled-functions.test.ts runs them all the same way).
 */
const KEY = 'iam-key-0001';

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const logicalIdStartingWith = (template: CfnTemplate, prefix: string) => Object.keys(template.Resources).find((id) => id.startsWith(prefix) && template.Resources[id]?.Type === 'AWS::Lambda::Function') ?? '';

/** Takes out of the function's role every statement whose actions or resources match. */
function revokeGrant(template: CfnTemplate, functionPrefix: string, matches: (statement: string) => boolean): void {
  const fn = template.Resources[logicalIdStartingWith(template, functionPrefix)];
  const role = (fn?.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy' || !JSON.stringify(resource.Properties?.Roles).includes(`"${role}"`)) continue;
    const document = resource.Properties?.PolicyDocument as { Statement: unknown[] };
    const before = document.Statement.length;
    document.Statement = document.Statement.filter((statement) => !matches(JSON.stringify(statement)));
    if (document.Statement.length === before) throw new Error(`no grant of ${functionPrefix} matched`);
  }
}

let resultFunction = '';
let usageFunction = '';

beforeAll(async () => {
  site = await startSite({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }, '/guide': page('Guide') });
  runtime = await startTestRuntime({
    users: [{ user_id: 'iam', api_key: KEY, plan: 'pro', monthly_pages: 10_000 }],
    hostOverrides: site.overrides,
    code: 'bundled',
    lambdaThreads: 1,
    adjustTemplate(template) {
      resultFunction = logicalIdStartingWith(template, 'GetResultFunction');
      usageFunction = logicalIdStartingWith(template, 'GetUsageFunction');
      revokeGrant(template, 'GetResultFunction', (statement) => statement.includes('s3:GetObject'));
      revokeGrant(template, 'GetUsageFunction', (statement) => statement.includes('StorageUsage'));
    },
  });
}, 15 * 60_000);

afterAll(async () => {
  await runtime?.close();
  await site?.close();
});

/** An SDK client of the service, signing as the function does. */
function asFunction<T>(logicalId: string, Client: new (config: object) => T, endpoint: string | undefined): T {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = functionCredentials(logicalId);
  return new Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
}

describe('a grant taken out of the stack', { timeout: 5 * 60_000 }, () => {
  it('fails the result download: the function may no longer read the bucket, as S3 tells it', async () => {
    const created = await runtime.request('POST', '/v1/jobs', { key: KEY, body: { url: 'https://site.test/guide', mode: 'single', check_tos: false } });
    expect(created.status, created.text).toBe(202);
    const id = String(created.json.id);
    expect((await runtime.waitForJob(KEY, id, 2 * 60_000)).status).toBe('completed');
    // What the function still may do works: the job's status and its pages.
    expect((await runtime.request('GET', `/v1/jobs/${id}`, { key: KEY })).status).toBe(200);
    expect((await runtime.request('GET', `/v1/jobs/${id}/pages`, { key: KEY })).status).toBe(200);
    expect((await runtime.request('GET', `/v1/jobs/${id}/result`, { key: KEY })).status).toBe(500);

    const s3 = asFunction(resultFunction, S3Client, process.env.AWS_ENDPOINT_URL_S3);
    const refused = await s3.send(new GetObjectCommand({ Bucket: process.env[ENV.artifactsBucket], Key: `jobs/${id}/result.md` })).catch((error: unknown) => error as Error & { $metadata: { httpStatusCode: number } });
    expect(refused).toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect((refused as Error).message).toMatch(
      new RegExp(`^User: arn:aws:sts::000000000000:assumed-role/GetResultFunctionServiceRole\\w+/${resultFunction} is not authorized to perform: s3:GetObject on resource: arn:aws:s3:::storageartifacts\\w+/jobs/${id}/\\S+ because no identity-based policy allows the s3:GetObject action$`),
    );
  });

  it('fails the usage answer: the function may no longer read the table, as DynamoDB tells it', async () => {
    expect((await runtime.request('GET', '/v1/usage', { key: KEY })).status).toBe(500);
    const dynamo = asFunction(usageFunction, DynamoDBClient, process.env.AWS_ENDPOINT_URL_DYNAMODB);
    const refused = await dynamo.send(new GetItemCommand({ TableName: process.env[ENV.usageTable], Key: { user_id: { S: 'iam' } } })).catch((error: unknown) => error as Error & { $metadata: { httpStatusCode: number } });
    expect(refused).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    expect((refused as Error).message).toMatch(/is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:us-east-1:000000000000:table\/StorageUsage\w+ because no identity-based policy allows the dynamodb:GetItem action$/);
  });

  it('leaves the other functions’ grants as they are: the account answers', async () => {
    expect((await runtime.request('GET', '/v1/account', { key: KEY })).status).toBe(200);
  });
});
