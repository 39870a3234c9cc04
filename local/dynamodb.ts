import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
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
      await client.send(
        new CreateTableCommand({
          TableName: logicalId,
          KeySchema: props.KeySchema as never,
          AttributeDefinitions: props.AttributeDefinitions as never,
          GlobalSecondaryIndexes: props.GlobalSecondaryIndexes as never,
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await client.send(new DescribeTableCommand({ TableName: logicalId }));
  }
}
