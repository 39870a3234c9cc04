import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapWithLimit } from '../lambdas/core/map-with-limit.js';
import { createFetcher } from '../lambdas/net/fetcher.js';
import { parseAwsLatency } from '../local/latency.js';
import { CRAWL_SCENARIOS, type CrawlScenario } from './crawl-scenarios.js';
import { lambdaThreadsSetting } from '../local/lambda-host.js';
import { startLocalRuntime } from '../local/runtime.js';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { costPerThousand, difference } from './cost.js';
import { generatedSite } from './generated-site.js';
import { crawlToEnd } from './local-crawl.js';

const PAGES = 1000;
const CONCURRENCY = 20;
// What `npm start` runs: handlers in worker threads; CRAWL_LOCAL_LAMBDA_THREADS=0 measures them in-process.
const lambdaThreads = lambdaThreadsSetting.parse(process.env.CRAWL_LOCAL_LAMBDA_THREADS);

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
    lambdaThreads,
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
    const { job, seconds: crawlSeconds } = await crawlToEnd(runtime.url, key, { url: 'https://site.test/', mode: 'full', max_depth: 3, max_pages: PAGES, concurrency: CONCURRENCY, check_tos: false });
    const usage = difference(runtime.meter.snapshot(), before);
    const crawled = job.progress.pages_crawled;
    const cost = costPerThousand(usage, crawled);

    const rate = (count: number, seconds: number) => `${count} pages in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(1)} pages/s`;
    console.log(`\nEnd-to-end crawl, ${scenario.label}: generated ${PAGES}-page site, mode full, concurrency ${CONCURRENCY}, ${lambdaThreads} Lambda thread(s) (job ${job.status})`);
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
