import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { describe, expect, it } from 'vitest';
import { jsonProtocolRefusal, LocalIam } from '../../../local/iam/authorizer.js';
import { functionCredentials, RUNTIME_CREDENTIALS, secretOf, signerOf } from '../../../local/iam/credentials.js';
import { templateIdentities } from '../../../local/iam/policies.js';
import { dynamoDbActions } from '../../../local/iam/request-actions.js';
import { resolveIntrinsics, type CfnTemplate, type LocalNames } from '../../../local/template.js';

const names: LocalNames = {
  ref: (id) => id,
  getAtt: (id, attribute) => (attribute === 'Arn' ? (id.startsWith('Table') ? `arn:aws:dynamodb:us-east-1:000000000000:table/${id}` : `arn:aws:s3:::${id.toLowerCase()}`) : id),
};

const basicExecution = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AWSLambdaBasicExecutionRole']] };

/** A function whose role reads and writes one table, reads a bucket's objects, and is denied one table outright. */
const template: CfnTemplate = {
  Resources: {
    Reader: { Type: 'AWS::Lambda::Function', Properties: { Role: { 'Fn::GetAtt': ['ReaderRole', 'Arn'] } } },
    ReaderRole: { Type: 'AWS::IAM::Role', Properties: { ManagedPolicyArns: [basicExecution] } },
    ReaderPolicy: {
      Type: 'AWS::IAM::Policy',
      Properties: {
        Roles: [{ Ref: 'ReaderRole' }],
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'], Resource: [{ 'Fn::GetAtt': ['TableJobs', 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['TableJobs', 'Arn'] }, '/index/*']] }] },
            { Effect: 'Allow', Action: ['s3:GetObject*', 's3:List*'], Resource: [{ 'Fn::GetAtt': ['Artifacts', 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Artifacts', 'Arn'] }, '/*']] }] },
            { Effect: 'Allow', Action: 'dynamodb:*', Resource: { 'Fn::GetAtt': ['TableUsers', 'Arn'] } },
            { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: { 'Fn::GetAtt': ['TableUsers', 'Arn'] } },
          ],
        },
      },
    },
  },
};

const jobs = 'arn:aws:dynamodb:us-east-1:000000000000:table/TableJobs';

describe('the local IAM', () => {
  const iam = new LocalIam(templateIdentities(template, names));

  it('finds a function’s role and the policies the template attaches to it, their ARNs resolved', () => {
    const reader = templateIdentities(template, names).get('Reader');
    expect(reader?.sessionArn).toBe('arn:aws:sts::000000000000:assumed-role/ReaderRole/Reader');
    expect(reader?.policies.map((policy) => policy.name)).toEqual(['service-role/AWSLambdaBasicExecutionRole', 'ReaderPolicy']);
    expect(JSON.stringify(reader?.policies)).toContain(`${jobs}/index/*`);
    expect(resolveIntrinsics(basicExecution, names)).toBe('arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole');
  });

  it('allows what the role grants, on the resources it names', async () => {
    expect(await iam.denial('Reader', dynamoDbActions('DynamoDB_20120810.PutItem', { TableName: 'TableJobs' }))).toBeUndefined();
    expect(await iam.denial('Reader', dynamoDbActions('DynamoDB_20120810.Query', { TableName: 'TableJobs', IndexName: 'ByUser' }))).toBeUndefined();
    expect(await iam.denial('Reader', [{ action: 's3:GetObject', resource: 'arn:aws:s3:::artifacts/jobs/1/result.md' }])).toBeUndefined();
  });

  it('refuses what no policy allows, in AWS’s words, and what a policy denies outright', async () => {
    expect(await iam.denial('Reader', [{ action: 's3:PutObject', resource: 'arn:aws:s3:::artifacts/jobs/1/result.md' }])).toBe(
      'User: arn:aws:sts::000000000000:assumed-role/ReaderRole/Reader is not authorized to perform: s3:PutObject on resource: arn:aws:s3:::artifacts/jobs/1/result.md because no identity-based policy allows the s3:PutObject action',
    );
    expect(await iam.denial('Reader', dynamoDbActions('DynamoDB_20120810.DeleteItem', { TableName: 'TableJobs' }))).toMatch(/dynamodb:DeleteItem on resource: .*TableJobs because no identity-based policy allows/);
    expect(await iam.denial('Reader', dynamoDbActions('DynamoDB_20120810.DeleteItem', { TableName: 'TableUsers' }))).toMatch(/with an explicit deny in an identity-based policy$/);
  });

  it('refuses a transaction when one of its items is not allowed', async () => {
    const transaction = { TransactItems: [{ Put: { TableName: 'TableJobs' } }, { Update: { TableName: 'TableJobs' } }] };
    expect(await iam.denial('Reader', dynamoDbActions('DynamoDB_20120810.TransactWriteItems', transaction))).toMatch(/dynamodb:UpdateItem/);
  });

  it('checks a request’s signature, lets the runtime’s key do anything, and evaluates a function’s key against its role', async () => {
    const signedPut = async (accessKeyId: string, secretAccessKey: string) => {
      const body = JSON.stringify({ TableName: 'TableJobs', Item: {} });
      const request = new HttpRequest({ method: 'POST', hostname: '127.0.0.1', port: 8000, path: '/', headers: { host: '127.0.0.1:8000', 'x-amz-target': 'DynamoDB_20120810.DeleteItem', 'content-type': 'application/x-amz-json-1.0' }, body });
      const signed = await new SignatureV4({ credentials: { accessKeyId, secretAccessKey }, region: 'us-east-1', service: 'dynamodb', sha256: Sha256 }).sign(request);
      return iam.authorize({ method: 'POST', url: '/', headers: signed.headers, body }, 'dynamodb', () => dynamoDbActions('DynamoDB_20120810.DeleteItem', JSON.parse(body) as Record<string, unknown>));
    };
    expect(await signedPut(RUNTIME_CREDENTIALS.accessKeyId, RUNTIME_CREDENTIALS.secretAccessKey)).toEqual({ accessKeyId: RUNTIME_CREDENTIALS.accessKeyId });
    const reader = functionCredentials('Reader');
    const denied = await signedPut(reader.AWS_ACCESS_KEY_ID, reader.AWS_SECRET_ACCESS_KEY);
    expect(denied).toMatchObject({ refusal: { denied: true, status: 403, code: 'AccessDenied' } });
    expect(jsonProtocolRefusal((denied as { refusal: Parameters<typeof jsonProtocolRefusal>[0] }).refusal, 400)).toMatchObject({ status: 400, type: 'AccessDeniedException' });
    const forged = await signedPut(reader.AWS_ACCESS_KEY_ID, 'known from the source');
    expect(jsonProtocolRefusal((forged as { refusal: Parameters<typeof jsonProtocolRefusal>[0] }).refusal, 400)).toMatchObject({ type: 'InvalidSignatureException' });
  });

  it('gives each function a key naming it, with a secret of this runtime', () => {
    const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } = functionCredentials('Reader');
    expect(signerOf(AWS_ACCESS_KEY_ID)).toEqual({ kind: 'function', logicalId: 'Reader' });
    expect(secretOf(AWS_ACCESS_KEY_ID)).toBe(AWS_SECRET_ACCESS_KEY);
    expect(functionCredentials('Writer').AWS_SECRET_ACCESS_KEY).not.toBe(AWS_SECRET_ACCESS_KEY);
    expect(signerOf('AKIAEXAMPLE')).toBeUndefined();
  });
});
