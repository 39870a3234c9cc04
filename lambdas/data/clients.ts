import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One client of each kind per Lambda container. Endpoints come from the SDK's standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, which only the local runtime sets; S3 path-style
 * addressing is the one local-only switch the SDK has no variable for.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sqsClient: SQSClient | undefined;
let sfnClient: SFNClient | undefined;

/**
 * The SDK's logger middleware walks every request and response (each item of a ledger query)
 * through the sensitive-data filter for the client's logger, which, unconfigured as here, discards
 * them. Without it the SDK logs nothing, as before.
 */
function withoutLogger<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(withoutLogger(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function s3(): S3Client {
  s3Client ??= withoutLogger(new S3Client({ forcePathStyle: process.env.CRAWL_S3_FORCE_PATH_STYLE === 'true' }));
  return s3Client;
}

export function sqs(): SQSClient {
  sqsClient ??= withoutLogger(new SQSClient({}));
  return sqsClient;
}

export function stepFunctions(): SFNClient {
  sfnClient ??= withoutLogger(new SFNClient({}));
  return sfnClient;
}
