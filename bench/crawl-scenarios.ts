/**
 * The cloud latency model: per-call latency of each service as a deployed stack in one region sees
 * it. DynamoDB: "single-digit millisecond" reads and writes (DynamoDB developer guide); S3: small
 * requests' median latency "in the tens of milliseconds" (S3 performance best-practices whitepaper,
 * timeouts and retries); SQS, Lambda invoke and Step Functions task scheduling publish no figure:
 * 15 and 20 ms are assumptions in line with same-region HTTPS round trips.
 */
const CLOUD_LATENCY = 'dynamodb:6,s3:25,sqs:15,sfn:20,lambda:20';

export interface CrawlScenario {
  label: string;
  serverLatencyMs: number;
  awsLatency: string;
}

export const CRAWL_SCENARIOS: CrawlScenario[] = [
  { label: 'site answers at once, no AWS latency', serverLatencyMs: 0, awsLatency: '' },
  { label: 'site answers in 100 ms, no AWS latency', serverLatencyMs: 100, awsLatency: '' },
  { label: `site answers in 100 ms, cloud latency model (${CLOUD_LATENCY})`, serverLatencyMs: 100, awsLatency: CLOUD_LATENCY },
];
