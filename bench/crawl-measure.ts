import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapWithLimit } from '../lambdas/core/map-with-limit.js';
import { createFetcher } from '../lambdas/net/fetcher.js';
import { parseAwsLatency } from '../local/latency.js';
import { CRAWL_SCENARIOS, type CrawlScenario } from './crawl-scenarios.js';
import { startLocalRuntime } from '../local/runtime.js';
import type { MeterSnapshot } from '../local/meter.js';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { generatedSite } from './generated-site.js';

const PAGES = 1000;
const CONCURRENCY = 20;

/** us-east-1 list prices (USD), arm64 Lambda, Standard workflows, on-demand DynamoDB, REST API. */
const PRICES = {
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecond: 0.0000133334,
  sqsRequest: 0.4 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
  stateTransition: 0.025 / 1000,
  apiRequest: 3.5 / 1e6,
};
const DYNAMO_READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem']);

function difference(after: MeterSnapshot, before: MeterSnapshot): MeterSnapshot {
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

function costPerThousand(usage: MeterSnapshot, pages: number) {
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

async function measure(scenario: CrawlScenario, pages: Map<string, string>, printCosts: boolean): Promise<void> {
  const site = await startFixtureSite(['site.test'], (request, response) => {
    const url = new URL(request.url ?? '/', 'https://site.test');
    const body = url.pathname === '/robots.txt' ? 'User-agent: *\nAllow: /\n' : pages.get(url.pathname);
    const answer = () => {
      if (body === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': url.pathname === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8' });
      response.end(body);
    };
    if (scenario.serverLatencyMs > 0) setTimeout(answer, scenario.serverLatencyMs);
    else answer();
  });
  process.env.CRAWL_HOST_OVERRIDES = `site.test=127.0.0.1:${site.port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-'));
  const usersFile = path.join(dataDir, 'users.json');
  const key = 'bench-key-0000001';
  await writeFile(usersFile, JSON.stringify([{ user_id: 'bench', api_key: key, plan: 'pro', monthly_pages: 1_000_000 }]));
  const runtime = await startLocalRuntime({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    seedUsersFile: usersFile,
    levelPollMs: 250,
    pollersPerQueue: CONCURRENCY,
    awsLatencyMs: parseAwsLatency(scenario.awsLatency),
    log: () => undefined,
  });

  try {
    // Plain concurrent GETs of the same URLs through the same guarded fetcher: the floor the crawl is compared to.
    const fetchDocument = createFetcher();
    const urls = [...pages.keys()].map((pagePath) => `https://site.test${pagePath}`);
    const plainStart = performance.now();
    await mapWithLimit(urls, CONCURRENCY, (url) => fetchDocument(url));
    const plainSeconds = (performance.now() - plainStart) / 1000;

    const before = runtime.meter.snapshot();
    const crawlStart = performance.now();
    const created = await fetch(`${runtime.url}/v1/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://site.test/', mode: 'full', max_depth: 3, max_pages: PAGES, concurrency: CONCURRENCY, check_tos: false }),
    });
    const { id } = (await created.json()) as { id: string };
    let job: { status: string; progress: { pages_crawled: number } };
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await (await fetch(`${runtime.url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as typeof job;
    } while (job.status === 'queued' || job.status === 'running');
    const crawlSeconds = (performance.now() - crawlStart) / 1000;
    const usage = difference(runtime.meter.snapshot(), before);
    const crawled = job.progress.pages_crawled;
    const cost = costPerThousand(usage, crawled);

    const rate = (count: number, seconds: number) => `${count} pages in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(1)} pages/s`;
    console.log(`\nEnd-to-end crawl, ${scenario.label}: generated ${PAGES}-page site, mode full, concurrency ${CONCURRENCY} (job ${job.status})`);
    console.log(`  crawl (POST → completed):           ${rate(crawled, crawlSeconds)}`);
    console.log(`  plain concurrent GETs (${CONCURRENCY} in flight): ${rate(urls.length, plainSeconds)}`);
    console.log(`  ratio crawl / plain GETs:           ${(crawled / crawlSeconds / (urls.length / plainSeconds)).toFixed(3)}`);
    if (!printCosts) return;
    console.log(`\nAWS calls per crawled page (counted at the local emulators):`);
    console.log(
      `  DynamoDB ${(cost.perPage.dynamoReads + cost.perPage.dynamoWrites).toFixed(2)} (reads ${cost.perPage.dynamoReads.toFixed(2)}, writes ${cost.perPage.dynamoWrites.toFixed(2)}), ` +
        `S3 ${(cost.perPage.s3Gets + cost.perPage.s3Puts).toFixed(2)} (GET ${cost.perPage.s3Gets.toFixed(2)}, PUT ${cost.perPage.s3Puts.toFixed(2)}), SQS ${cost.perPage.sqs.toFixed(2)}, ` +
        `state transitions ${(usage.stateTransitions / crawled).toFixed(3)}, Lambda invocations ${(usage.lambdaInvocations / crawled).toFixed(2)}`,
    );
    console.log(`  by operation: ${Object.entries(usage.calls).filter(([, n]) => n > 0).map(([name, n]) => `${name} ${n}`).join(', ')}`);
    console.log(`\nEstimated cost per 1000 pages at us-east-1 list prices (DynamoDB at one request unit per call):`);
    for (const [service, dollars] of Object.entries(cost.dollars)) console.log(`  ${service.padEnd(14)} $${dollars.toFixed(4)}`);
    console.log(`  ${'total'.padEnd(14)} $${cost.total.toFixed(4)}   (Lambda GB-s measured on this machine: ${usage.lambdaGbSeconds.toFixed(1)})`);
  } finally {
    await runtime.close();
    await site.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One scenario per process: the data layer keeps one AWS client per process, as a Lambda container does. */
async function main(): Promise<void> {
  const index = Number(process.argv[2] ?? 0);
  const scenario = CRAWL_SCENARIOS[index];
  if (!scenario) throw new Error(`no crawl scenario ${index}`);
  await measure(scenario, generatedSite(PAGES), index === 0);
}

await main();
