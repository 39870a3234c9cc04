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
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { jsonProtocolRefusal, signedJsonRequest, type LocalIam } from './iam/authorizer.js';
import { dynamoDbActions } from './iam/request-actions.js';
import { readRequestText } from './request-body.js';
import { resourcesOfType, type CfnTemplate } from './template.js';

/**
 * What DynamoDB checks and dynalite does not: the request's signature, and that the caller's role
 * allows it. dynalite reads the body itself, so it is handed a copy of the request with the body
 * already read.
 */
function authorizingLayer(emulator: RequestListener, iam: LocalIam): RequestListener {
  return (request, response) => {
    void (async () => {
      const body = await readRequestText(request);
      const target = String(request.headers['x-amz-target'] ?? '');
        const verdict = await iam.authorize(signedJsonRequest(request, body), 'dynamodb', () => dynamoDbActions(target, JSON.parse(body || '{}') as Record<string, unknown>));
      if ('refusal' in verdict) {
        const { status, type, message } = jsonProtocolRefusal(verdict.refusal, 400);
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        return response.end(JSON.stringify({ __type: `com.amazon.coral.service#${type}`, message }));
      }
      emulator(Object.assign(Readable.from([Buffer.from(body)]), { headers: request.headers, method: request.method, url: request.url }) as unknown as IncomingMessage, response);
    })().catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify({ __type: 'com.amazon.coral.validate#ValidationException', message: (error as Error).message }));
    });
  };
}

/** dynalite on disk, listening on loopback, admitting the calls `iam` allows; its tables are created from the template's definitions. */
export async function startDynamo(
  dataPath: string,
  host: string,
  iam: LocalIam,
  onRequest: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = dynalite({ path: dataPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const [emulator] = server.listeners('request') as RequestListener[];
  if (!emulator) throw new Error('dynalite serves no requests');
  server.removeAllListeners('request');
  const layer = authorizingLayer(emulator, iam);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    onRequest(request, response);
    layer(request, response);
  });
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
