import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables, startDynamo } from '../../../local/dynamodb.js';
import { LocalIam } from '../../../local/iam/authorizer.js';
import { RUNTIME_CREDENTIALS } from '../../../local/iam/credentials.js';
import type { CfnTemplate } from '../../../local/template.js';

let dir: string;
let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let client: DynamoDBClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-dynamo-'));
  dynamo = await startDynamo(path.join(dir, 'db'), '127.0.0.1', new LocalIam(new Map()), () => undefined);
  client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: RUNTIME_CREDENTIALS });
});
afterAll(async () => {
  client?.destroy();
  await dynamo?.close();
  await rm(dir, { recursive: true, force: true });
});

const JOBS_WITH_INDEX: CfnTemplate = {
  Resources: {
    Jobs: {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        KeySchema: [{ AttributeName: 'job_id', KeyType: 'HASH' }],
        AttributeDefinitions: [
          { AttributeName: 'job_id', AttributeType: 'S' },
          { AttributeName: 'user_id', AttributeType: 'S' },
          { AttributeName: 'created_at', AttributeType: 'S' },
        ],
        GlobalSecondaryIndexes: [
          { IndexName: 'by_user', KeySchema: [{ AttributeName: 'user_id', KeyType: 'HASH' }, { AttributeName: 'created_at', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } },
        ],
      },
    },
  },
} as CfnTemplate;

describe('createTables on a data directory made before an index existed', () => {
  it('adds the index and keeps the items', async () => {
    // prepare: the table as an older version created it, with a job in it
    await client.send(
      new CreateTableCommand({
        TableName: 'Jobs',
        KeySchema: [{ AttributeName: 'job_id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'job_id', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await client.send(new PutItemCommand({ TableName: 'Jobs', Item: { job_id: { S: 'job-1' }, user_id: { S: 'alice' }, created_at: { S: '2026-11-22T10:00:00.000Z' } } }));

    // act
    await createTables(client, JOBS_WITH_INDEX);

    // assert
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'Jobs' }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['by_user']);
    const { Items } = await client.send(
      new QueryCommand({ TableName: 'Jobs', IndexName: 'by_user', KeyConditionExpression: 'user_id = :user', ExpressionAttributeValues: { ':user': { S: 'alice' } } }),
    );
    expect(Items?.map((item) => item.job_id?.S)).toEqual(['job-1']);
  });
});
