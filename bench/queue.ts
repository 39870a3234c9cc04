import { CreateQueueCommand, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapWithLimit } from '../lambdas/core/map-with-limit.js';
import { startSqsServer } from '../local/sqs-server.js';

const SENDS = 400;
const ROUNDS = 3;
const BODY = JSON.stringify({ job_id: '00000000-0000-4000-8000-000000000000', depth: 2, index: 123 });

type Timings = [sequential: number, concurrent: number, batches: number];

/**
 * What the local queue's durability costs a send: every send is on disk (synced) before it is
 * acknowledged, and concurrent sends share a write. The same endpoint in memory is the baseline;
 * the two alternate for a few rounds and the best round of each is shown, as the machine is shared.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-queue-'));
  try {
    const best: Record<string, Timings> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, dataFile] of [['in memory', undefined], ['on disk (durable)', path.join(dataDir, `sqs-${round}.json`)]] as const) {
        const timings = await measure(dataFile);
        best[label] = (best[label]?.map((value, i) => Math.min(value, timings[i] ?? Infinity)) as Timings | undefined) ?? timings;
      }
    }
    console.log('| local queue | one send at a time | 20 senders at once | batches of 10, one at a time |');
    console.log('|---|---|---|---|');
    for (const [label, [sequential, concurrent, batches]] of Object.entries(best)) {
      console.log(`| ${label} | ${sequential.toFixed(2)} ms/send | ${concurrent.toFixed(2)} ms/send | ${batches.toFixed(2)} ms/batch |`);
    }
    console.log(`\n${SENDS} page messages per column (the queue grows to ${SENDS * 3 + 50} messages, every one in each saved state); best of ${ROUNDS} rounds.`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(dataFile: string | undefined): Promise<Timings> {
  const server = await startSqsServer({ dataFile });
  const client = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  try {
    const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: 'bench' }));
    const send = () => client.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }));
    await mapWithLimit(Array.from({ length: 50 }), 10, send); // warm-up: connections, the SDK's first requests
    const sequential = await perRequest(SENDS, async () => {
      for (let i = 0; i < SENDS; i++) await send();
    });
    const concurrent = await perRequest(SENDS, () => mapWithLimit(Array.from({ length: SENDS }), 20, send));
    const batches = await perRequest(SENDS / 10, async () => {
      for (let i = 0; i < SENDS / 10; i++) {
        await client.send(new SendMessageBatchCommand({ QueueUrl, Entries: Array.from({ length: 10 }, (_, id) => ({ Id: String(id), MessageBody: BODY })) }));
      }
    });
    return [sequential, concurrent, batches];
  } finally {
    client.destroy();
    await server.close();
  }
}

async function perRequest(requests: number, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / requests;
}
