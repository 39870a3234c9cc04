import { describe, expect, it } from 'vitest';
import { dynamoDbActions, lambdaInvokeAction, s3Actions, sqsActions, stepFunctionsActions, UnmappedRequestError } from '../../../local/iam/request-actions.js';

const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table';
const QUEUE_URL = 'http://127.0.0.1:4566/000000000000/PageQueue713ECF24';

describe('a request maps to the IAM actions and resources AWS authorizes', () => {
  it('DynamoDB: the target and the table or index the body names', () => {
    expect(dynamoDbActions('DynamoDB_20120810.PutItem', { TableName: 'Jobs' })).toEqual([{ action: 'dynamodb:PutItem', resource: `${TABLE}/Jobs` }]);
    expect(dynamoDbActions('DynamoDB_20120810.Query', { TableName: 'Jobs', IndexName: 'ByUser' })).toEqual([{ action: 'dynamodb:Query', resource: `${TABLE}/Jobs/index/ByUser` }]);
  });

  it('DynamoDB: each table of a batch, and each item of a transaction as the action it performs', () => {
    expect(dynamoDbActions('DynamoDB_20120810.BatchWriteItem', { RequestItems: { Pages: [], Jobs: [] } })).toEqual([
      { action: 'dynamodb:BatchWriteItem', resource: `${TABLE}/Pages` },
      { action: 'dynamodb:BatchWriteItem', resource: `${TABLE}/Jobs` },
    ]);
    const transaction = { TransactItems: [{ Put: { TableName: 'Jobs' } }, { Update: { TableName: 'Usage' } }, { ConditionCheck: { TableName: 'Users' } }, { Delete: { TableName: 'Pages' } }] };
    expect(dynamoDbActions('DynamoDB_20120810.TransactWriteItems', transaction)).toEqual([
      { action: 'dynamodb:PutItem', resource: `${TABLE}/Jobs` },
      { action: 'dynamodb:UpdateItem', resource: `${TABLE}/Usage` },
      { action: 'dynamodb:ConditionCheckItem', resource: `${TABLE}/Users` },
      { action: 'dynamodb:DeleteItem', resource: `${TABLE}/Pages` },
    ]);
  });

  it('S3: method, path and subresource on the object or the bucket; a presigned URL’s own parameters are not subresources', () => {
    const object = 'arn:aws:s3:::artifacts/jobs/7d1c/result.md';
    expect(s3Actions('GET', '/artifacts/jobs/7d1c/result.md?x-id=GetObject', {})).toEqual([{ action: 's3:GetObject', resource: object }]);
    expect(s3Actions('HEAD', '/artifacts/jobs/7d1c/result.md', {})).toEqual([{ action: 's3:GetObject', resource: object }]);
    expect(s3Actions('PUT', '/artifacts/jobs/7d1c/result.md', {})).toEqual([{ action: 's3:PutObject', resource: object }]);
    expect(s3Actions('DELETE', '/artifacts/jobs/7d1c/result.md', {})).toEqual([{ action: 's3:DeleteObject', resource: object }]);
    expect(s3Actions('GET', '/artifacts/jobs/7d1c/result.md?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=00&response-content-type=text%2Fmarkdown', {})).toEqual([{ action: 's3:GetObject', resource: object }]);
    expect(s3Actions('GET', '/artifacts?list-type=2&prefix=jobs%2F', {})).toEqual([{ action: 's3:ListBucket', resource: 'arn:aws:s3:::artifacts' }]);
    expect(s3Actions('GET', '/artifacts/jobs/a%20b.pdf', {})).toEqual([{ action: 's3:GetObject', resource: 'arn:aws:s3:::artifacts/jobs/a b.pdf' }]);
  });

  it('S3: a multipart upload writes the object, an abort is its own action, a copy reads its source', () => {
    expect(s3Actions('POST', '/artifacts/big.pdf?uploads', {})[0]?.action).toBe('s3:PutObject');
    expect(s3Actions('PUT', '/artifacts/big.pdf?partNumber=2&uploadId=u', {})[0]?.action).toBe('s3:PutObject');
    expect(s3Actions('POST', '/artifacts/big.pdf?uploadId=u', {})[0]?.action).toBe('s3:PutObject');
    expect(s3Actions('DELETE', '/artifacts/big.pdf?uploadId=u', {})[0]?.action).toBe('s3:AbortMultipartUpload');
    expect(s3Actions('PUT', '/artifacts/copy.md', { 'x-amz-copy-source': '/artifacts/jobs/original.md' })).toEqual([
      { action: 's3:PutObject', resource: 'arn:aws:s3:::artifacts/copy.md' },
      { action: 's3:GetObject', resource: 'arn:aws:s3:::artifacts/jobs/original.md' },
    ]);
  });

  it('S3: a request it cannot name an action for is not guessed', () => {
    expect(() => s3Actions('PUT', '/artifacts?policy', {})).toThrow(UnmappedRequestError);
  });

  it('SQS: the target on the queue its URL names; batches as the single action', () => {
    const queue = 'arn:aws:sqs:us-east-1:000000000000:PageQueue713ECF24';
    expect(sqsActions('AmazonSQS.SendMessageBatch', { QueueUrl: QUEUE_URL })).toEqual([{ action: 'sqs:SendMessage', resource: queue }]);
    expect(sqsActions('AmazonSQS.ReceiveMessage', { QueueUrl: QUEUE_URL })).toEqual([{ action: 'sqs:ReceiveMessage', resource: queue }]);
    expect(sqsActions('AmazonSQS.GetQueueUrl', { QueueName: 'PageQueue713ECF24' })).toEqual([{ action: 'sqs:GetQueueUrl', resource: queue }]);
  });

  it('Step Functions: the target on the state machine or execution; Lambda: an invocation of the function', () => {
    const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:Workflow';
    const execution = 'arn:aws:states:us-east-1:000000000000:execution:Workflow:job-1';
    expect(stepFunctionsActions('AWSStepFunctions.StartExecution', { stateMachineArn: machine })).toEqual([{ action: 'states:StartExecution', resource: machine }]);
    expect(stepFunctionsActions('AWSStepFunctions.StopExecution', { executionArn: execution })).toEqual([{ action: 'states:StopExecution', resource: execution }]);
    expect(lambdaInvokeAction('Preflight')).toEqual({ action: 'lambda:InvokeFunction', resource: 'arn:aws:lambda:us-east-1:000000000000:function:Preflight' });
  });
});
