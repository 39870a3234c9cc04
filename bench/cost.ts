import type { MeterSnapshot } from '../local/meter.js';

/** us-east-1 list prices (USD), arm64 Lambda unless named, Standard workflows, on-demand DynamoDB, REST API. */
export const PRICES = {
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecond: 0.0000133334,
  /** x86_64 (the render worker). */
  lambdaGbSecondX86: 0.0000166667,
  sqsRequest: 0.4 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
  stateTransition: 0.025 / 1000,
  apiRequest: 3.5 / 1e6,
};
const DYNAMO_READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem']);

export function difference(after: MeterSnapshot, before: MeterSnapshot): MeterSnapshot {
  const calls: Record<string, number> = {};
  for (const [name, count] of Object.entries(after.calls)) calls[name] = count - (before.calls[name] ?? 0);
  return {
    calls,
    lambdaInvocations: after.lambdaInvocations - before.lambdaInvocations,
    lambdaGbSeconds: after.lambdaGbSeconds - before.lambdaGbSeconds,
    stateTransitions: after.stateTransitions - before.stateTransitions,
    apiRequests: after.apiRequests - before.apiRequests,
  };
}

export function costPerThousand(usage: MeterSnapshot, pages: number) {
  const sum = (filter: (name: string) => boolean) => Object.entries(usage.calls).filter(([name]) => filter(name)).reduce((total, [, count]) => total + count, 0);
  const dynamoReads = sum((name) => name.startsWith('DynamoDB.') && DYNAMO_READS.has(name.slice(9)));
  const dynamoWrites = sum((name) => name.startsWith('DynamoDB.') && !DYNAMO_READS.has(name.slice(9)));
  const s3Gets = sum((name) => name === 'S3.GET' || name === 'S3.HEAD');
  const s3Puts = sum((name) => name.startsWith('S3.') && name !== 'S3.GET' && name !== 'S3.HEAD');
  // Empty receives are idle polling, billed whatever is crawled; the emulator counted them in ReceiveMessage too.
  const emptyReceives = usage.calls['SQS.ReceiveMessage (empty)'] ?? 0;
  const sqs = sum((name) => name.startsWith('SQS.') && !name.includes('(empty)')) - emptyReceives;
  const parts = {
    lambda: usage.lambdaInvocations * PRICES.lambdaRequest + usage.lambdaGbSeconds * PRICES.lambdaGbSecond,
    dynamodb: dynamoReads * PRICES.dynamoReadUnit + dynamoWrites * PRICES.dynamoWriteUnit,
    s3: s3Gets * PRICES.s3Get + s3Puts * PRICES.s3Put,
    sqs: sqs * PRICES.sqsRequest,
    stepFunctions: usage.stateTransitions * PRICES.stateTransition,
    apiGateway: usage.apiRequests * PRICES.apiRequest,
  };
  const scale = 1000 / pages;
  return {
    perPage: { dynamoReads: dynamoReads / pages, dynamoWrites: dynamoWrites / pages, s3Gets: s3Gets / pages, s3Puts: s3Puts / pages, sqs: sqs / pages },
    dollars: Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, value * scale])) as Record<keyof typeof parts, number>,
    total: Object.values(parts).reduce((a, b) => a + b, 0) * scale,
  };
}
