import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  ScanCommand,
  type AttributeValue,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resourcesOfType, type CfnTemplate } from './template.js';

/** dynalite on disk, listening on loopback; its tables are created from the template's definitions. */
export async function startDynamo(dataPath: string, host: string, onRequest: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = dynalite({ path: dataPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  server.on('request', onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** Creates every AWS::DynamoDB::Table of the template (keys and indexes as declared), named by logical id. */
export async function createTables(client: DynamoDBClient, template: CfnTemplate): Promise<void> {
  for (const [logicalId, resource] of resourcesOfType(template, 'AWS::DynamoDB::Table')) {
    const props = resource.Properties ?? {};
    try {
      await createTable(client, logicalId, props);
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
      await addMissingIndexes(client, logicalId, props);
    }
    await client.send(new DescribeTableCommand({ TableName: logicalId }));
  }
}

function createTable(client: DynamoDBClient, tableName: string, props: Record<string, unknown>) {
  return client.send(
    new CreateTableCommand({
      TableName: tableName,
      KeySchema: props.KeySchema as never,
      AttributeDefinitions: props.AttributeDefinitions as never,
      GlobalSecondaryIndexes: props.GlobalSecondaryIndexes as never,
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
}

/**
 * A data directory made by an older version lacks the indexes added since. dynalite cannot add an
 * index to a table, so the table is rebuilt with its items (local tables are small).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, props: Record<string, unknown>): Promise<void> {
  const declared = ((props.GlobalSecondaryIndexes ?? []) as GlobalSecondaryIndex[]).map((index) => index.IndexName);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  if (declared.every((name) => existing.has(name))) return;
  const items: Array<Record<string, AttributeValue>> = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  await waitForTableStatus(client, tableName, 'gone');
  await createTable(client, tableName, props);
  await waitForTableStatus(client, tableName, 'ACTIVE');
  for (const item of items) await client.send(new PutItemCommand({ TableName: tableName, Item: item }));
}

/** dynalite deletes and creates tables a moment after answering; items written before then are refused. */
async function waitForTableStatus(client: DynamoDBClient, tableName: string, wanted: 'gone' | 'ACTIVE'): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const status = await client.send(new DescribeTableCommand({ TableName: tableName })).then(
      ({ Table }) => Table?.TableStatus,
      (error: unknown) => {
        if (error instanceof ResourceNotFoundException) return 'gone';
        throw error;
      },
    );
    if (status === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`table ${tableName} did not become ${wanted}`);
}
