import { LOCAL_ACCOUNT, LOCAL_REGION } from '../template.js';

/**
 * What IAM evaluates for a request to a local service: the actions it performs and the resources
 * it performs them on, as AWS authorizes that request. A request that needs several (a batch
 * across tables, a transaction) is allowed only when every one is.
 * https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html
 */
export interface ActionOnResource {
  action: string;
  resource: string;
}

/** A request the local cloud cannot name the IAM action of: refused for a function, as a grant cannot be checked. */
export class UnmappedRequestError extends Error {}

const tableArn = (table: string) => `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${table}`;
const queueArn = (queueUrl: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${queueUrl.split('/').at(-1) ?? ''}`;

type DynamoInput = Record<string, unknown> & { TableName?: string; IndexName?: string; RequestItems?: Record<string, unknown>; TransactItems?: Array<Record<string, { TableName?: string } | undefined>> };

/** The action each element of a DynamoDB transaction performs. */
const TRANSACT_ITEM_ACTIONS: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem', Get: 'GetItem' };

/** DynamoDB: `DynamoDB_20120810.<Operation>` on the table (or index) the body names, each table of a batch, each item of a transaction. */
export function dynamoDbActions(target: string, input: DynamoInput): ActionOnResource[] {
  const operation = target.split('.')[1] ?? '';
  if (input.TransactItems) {
    return input.TransactItems.flatMap((item) =>
      Object.entries(item).map(([kind, element]) => ({ action: `dynamodb:${TRANSACT_ITEM_ACTIONS[kind] ?? kind}`, resource: tableArn(String(element?.TableName)) })),
    );
  }
  if (input.RequestItems) return Object.keys(input.RequestItems).map((table) => ({ action: `dynamodb:${operation}`, resource: tableArn(table) }));
  if (typeof input.TableName !== 'string') throw new UnmappedRequestError(`DynamoDB ${operation} names no table`);
  const resource = input.IndexName ? `${tableArn(input.TableName)}/index/${input.IndexName}` : tableArn(input.TableName);
  return [{ action: `dynamodb:${operation}`, resource }];
}

/** SQS's batch operations are authorized as the single ones. */
const SQS_BATCH_ACTIONS: Record<string, string> = { SendMessageBatch: 'SendMessage', DeleteMessageBatch: 'DeleteMessage', ChangeMessageVisibilityBatch: 'ChangeMessageVisibility' };

/** SQS (JSON protocol): `AmazonSQS.<Operation>` on the queue its `QueueUrl` (or `QueueName`) names. */
export function sqsActions(target: string, input: { QueueUrl?: string; QueueName?: string }): ActionOnResource[] {
  const operation = target.split('.')[1] ?? '';
  const action = `sqs:${SQS_BATCH_ACTIONS[operation] ?? operation}`;
  if (operation === 'ListQueues') return [{ action, resource: '*' }];
  const queue = input.QueueUrl ?? input.QueueName;
  if (typeof queue !== 'string') throw new UnmappedRequestError(`SQS ${operation} names no queue`);
  return [{ action, resource: queueArn(queue) }];
}

/** Step Functions: `AWSStepFunctions.<Operation>` on the state machine or execution its body names. */
export function stepFunctionsActions(target: string, input: { stateMachineArn?: string; executionArn?: string }): ActionOnResource[] {
  const operation = target.split('.')[1] ?? '';
  const resource = input.executionArn ?? input.stateMachineArn;
  if (typeof resource !== 'string') throw new UnmappedRequestError(`Step Functions ${operation} names no state machine or execution`);
  return [{ action: `states:${operation}`, resource }];
}

/** Lambda: an invocation (`POST /2015-03-31/functions/<name>/invocations`) of the function it names. */
export function lambdaInvokeAction(functionName: string): ActionOnResource {
  const name = functionName.startsWith('arn:') ? functionName : `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${functionName}`;
  return { action: 'lambda:InvokeFunction', resource: name };
}

/** The S3 action of a request on a bucket (no key), by method and the subresource in its query. */
function bucketAction(method: string, query: URLSearchParams): string | undefined {
  if (method === 'GET' && query.has('uploads')) return 's3:ListBucketMultipartUploads';
  if (method === 'GET' && query.has('location')) return 's3:GetBucketLocation';
  if (method === 'GET' && query.has('cors')) return 's3:GetBucketCORS';
  if (method === 'GET' && query.has('versions')) return 's3:ListBucketVersions';
  if ((method === 'GET' || method === 'HEAD') && [...query.keys()].every((key) => ['list-type', 'prefix', 'delimiter', 'max-keys', 'continuation-token', 'start-after', 'marker', 'encoding-type', 'fetch-owner'].includes(key))) {
    return 's3:ListBucket';
  }
  return undefined;
}

/** The S3 action of a request on an object, by method and the subresource in its query. */
function objectAction(method: string, query: URLSearchParams): string | undefined {
  if (query.has('tagging')) return method === 'GET' ? 's3:GetObjectTagging' : method === 'PUT' ? 's3:PutObjectTagging' : method === 'DELETE' ? 's3:DeleteObjectTagging' : undefined;
  if (query.has('uploadId')) return method === 'DELETE' ? 's3:AbortMultipartUpload' : method === 'GET' ? 's3:ListMultipartUploadParts' : 's3:PutObject';
  if (method === 'POST' && query.has('uploads')) return 's3:PutObject';
  if (query.has('acl')) return method === 'GET' ? 's3:GetObjectAcl' : 's3:PutObjectAcl';
  if (query.has('versionId')) return method === 'DELETE' ? 's3:DeleteObjectVersion' : 's3:GetObjectVersion';
  return { GET: 's3:GetObject', HEAD: 's3:GetObject', PUT: 's3:PutObject', DELETE: 's3:DeleteObject' }[method];
}

/**
 * S3 (REST, path style): the action by method, path and subresource, on the bucket or the object.
 * A copy also reads its source. Presigned URLs' own query parameters are not subresources.
 * https://docs.aws.amazon.com/AmazonS3/latest/userguide/using-with-s3-policy-actions.html
 */
export function s3Actions(method: string, url: string, headers: Record<string, string | string[] | undefined>): ActionOnResource[] {
  const target = new URL(url, 'http://host.invalid');
  const query = new URLSearchParams([...target.searchParams].filter(([key]) => !key.startsWith('X-Amz-') && !key.startsWith('response-') && key !== 'x-id'));
  const [, bucket = '', ...keyParts] = target.pathname.split('/');
  const key = keyParts.map(decodeURIComponent).join('/');
  if (!bucket) throw new UnmappedRequestError('S3 request names no bucket');
  const action = key ? objectAction(method, query) : bucketAction(method, query);
  if (!action) throw new UnmappedRequestError(`S3 ${method} ${target.pathname}${target.search} is not mapped to an IAM action`);
  const actions = [{ action, resource: key ? `arn:aws:s3:::${bucket}/${key}` : `arn:aws:s3:::${bucket}` }];
  const copySource = headers['x-amz-copy-source'];
  if (typeof copySource === 'string') actions.push({ action: 's3:GetObject', resource: `arn:aws:s3:::${decodeURIComponent(copySource.replace(/^\//, '').split('?')[0] ?? '')}` });
  return actions;
}
