import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { ENV } from '../../../lambdas/data/env.js';

/**
 * The DynamoDB document client with every command answered by the test; table names are set so
 * the commands name them. The emulator tests (test/integration) prove what these commands do;
 * these tests pin the exact commands, conditions included, that the atomic operations send.
 */
export function mockDynamo() {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeAll(() => {
    for (const key of ['usageTable', 'pagesTable', 'jobsTable'] as const) vi.stubEnv(ENV[key], `test-${key}`);
  });
  afterEach(() => {
    dynamo.reset();
  });
  afterAll(() => {
    dynamo.restore();
    vi.unstubAllEnvs();
  });
  return dynamo;
}

/** What DynamoDB answers when a write's condition does not hold. */
export function conditionFailed(): ConditionalCheckFailedException {
  return new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
}
