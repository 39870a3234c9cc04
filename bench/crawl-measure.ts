import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapWithLimit } from '../lambdas/core/map-with-limit.js';
import { createFetcher } from '../lambdas/net/fetcher.js';
import { parseAwsLatency } from '../local/latency.js';
import { CRAWL_SCENARIOS, type CrawlScenario } from './crawl-scenarios.js';
import { lambdaThreadsSetting } from '../local/lambda-host.js';
import { startLocalRuntime } from '../local/runtime.js';
import { costPerThousand, difference } from './cost.js';
import { generatedSite } from './generated-site.js';
import { describeTimeline, linkDepths, type SiteRequest } from './level-timeline.js';
import { crawlToEnd, downloadResult } from './local-crawl.js';
import { startSiteProcess } from './site-process.js';
import { cpuByThread, threadCpu } from './thread-cpu.js';

const CONCURRENCY = 20;
/** Pages of about 20 KB (a 64-paragraph article), each linking to 10 children: a documentation page's weight. */
const ARTICLE_PARAGRAPHS = 64;
// What `npm start` runs: handlers in worker threads; CRAWL_LOCAL_LAMBDA_THREADS=0 measures them in-process.
const lambdaThreads = lambdaThreadsSetting.parse(process.env.CRAWL_LOCAL_LAMBDA_THREADS);
// CRAWL_LOCAL_CODE=bundled measures the bundles `cdk deploy` uploads instead of the source, as `npm start` would run them.
const code = process.env.CRAWL_LOCAL_CODE === 'bundled' ? 'bundled' : 'source';
// CRAWL_BENCH_COLD=1 measures the 1000-page crawl as the runtime's first (no warm-up crawl before it).
const coldCrawl = process.env.CRAWL_BENCH_COLD === '1';

/**
 * sha256 of the markdown result document of the crawl of each generated site (by page count). The
 * page-per-message design (commit 8eab0e6) and every page path since gave the same documents until
 * issue 26 dropped the site-wide boilerplate on purpose; these are that design's documents (commit
 * e5dc270), which issue 27's page path rewrite left byte-identical.
 */
const BASELINE_SHA256: Record<number, string> = {
  1000: '31030b88602eca436310bdb29a8694b9ad4d434560a362dae559a216cc9b3904',
  50: '99e33cfb805f4ba6baed263727807a6cb80b9488cd000e0fbcd88b33335e2f3f',
};

interface BenchSite {
  host: string;
  pages: Map<string, string>;
  depths: Map<string, number>;
}

function benchSite(host: string, size: number): BenchSite {
  const pages = generatedSite(size, ARTICLE_PARAGRAPHS);
  return { host, pages, depths: linkDepths(pages, `https://${host}`) };
}

/** A crawl of the whole site (max_depth 3): its job, AWS usage, and where its time went by the site's request log. */
async function crawlSite(runtime: Awaited<ReturnType<typeof startLocalRuntime>>, key: string, site: BenchSite, siteLog: () => Promise<SiteRequest[]>) {
  const before = runtime.meter.snapshot();
  const cpuBefore = threadCpu();
  const body = { url: `https://${site.host}/`, mode: 'full', max_depth: 3, max_pages: site.pages.size, concurrency: CONCURRENCY, check_tos: false };
  const { job, seconds, postedAt } = await crawlToEnd(runtime.url, key, body);
  const usage = difference(runtime.meter.snapshot(), before);
  const cpuAfter = threadCpu();
  const sha256 = createHash('sha256').update(await downloadResult(runtime.url, key, job.id)).digest('hex');
  const crawlRequests = (await siteLog()).filter((request) => request.host === site.host && request.arrived >= postedAt);
  const report = [
    ...describeTimeline(crawlRequests, site.depths, postedAt, Date.parse(job.finished_at ?? '')),
    `  document identical to the baseline: ${sha256 === BASELINE_SHA256[site.pages.size] ? 'yes' : 'no'} (sha256 ${sha256})`,
    ...(cpuBefore && cpuAfter ? [describeCpu(cpuByThread(cpuBefore, cpuAfter), seconds)] : []),
  ];
  return { job, seconds, usage, report };
}

/** The crawl's CPU by thread (this process's: the site is served by another), the largest first, and in all. */
function describeCpu(threads: ReturnType<typeof cpuByThread>, seconds: number): string {
  const shown = threads.filter(({ seconds: used }) => used >= 0.05);
  const total = threads.reduce((sum, { seconds: used }) => sum + used, 0);
  return `  CPU by thread: ${shown.map(({ thread, seconds: used }) => `${thread} ${used.toFixed(2)} s`).join(', ')}; in all ${total.toFixed(1)} s in ${seconds.toFixed(1)} s`;
}

const rate = (count: number, seconds: number) => `${count} pages in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(1)} pages/s`;

/**
 * One scenario: plain GETs of the 1000-page site, a first crawl of a 50-page site (timed apart),
 * a crawl of the 1000-page site, then the 50-page site again (where waiting between levels weighs
 * most), all served by one fixture site that logs every request, in a process of its own, as
 * a site crawled through `npm start` is (never in the crawler's process). `detailed` (the first scenario)
 * adds a second crawl of the 1000-page site and the AWS calls and cost of the first.
 */
async function measure(scenario: CrawlScenario, detailed: boolean): Promise<void> {
  const large = benchSite('site.test', 1000);
  const small = benchSite('small.test', 50);
  const site = await startSiteProcess({
    sites: [large, small].map(({ host, pages }) => ({ host, size: pages.size })),
    articleParagraphs: ARTICLE_PARAGRAPHS,
    latencyMs: scenario.serverLatencyMs,
  });
  process.env.CRAWL_HOST_OVERRIDES = [large.host, small.host].map((host) => `${host}=127.0.0.1:${site.port}`).join(',');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-'));
  const usersFile = path.join(dataDir, 'users.json');
  const key = 'bench-key-0000001';
  await writeFile(usersFile, JSON.stringify([{ user_id: 'bench', api_key: key, plan: 'pro', monthly_pages: 1_000_000 }]));
  const runtime = await startLocalRuntime({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    seedUsersFile: usersFile,
    pollersPerQueue: CONCURRENCY,
    awsLatencyMs: parseAwsLatency(scenario.awsLatency),
    lambdaThreads,
    code,
    warmFunctions: true,
    log: () => undefined,
  });

  try {
    // As `npm start` after its first seconds: every function warm (the cold start is not the crawl's).
    await runtime.warmed;
    // Plain concurrent GETs of the same URLs through the same guarded fetcher: the floor the crawl is compared to.
    const fetchDocument = createFetcher();
    const urls = [...large.pages.keys()].map((pagePath) => `https://${large.host}${pagePath}`);
    const plainStart = performance.now();
    await mapWithLimit(urls, CONCURRENCY, (url) => fetchDocument(url));
    const plainSeconds = (performance.now() - plainStart) / 1000;

    // A running service's instances have served crawls before; the first crawl after start also pays
    // for V8 optimizing the page path in each instance, so it is timed apart, on the small site.
    if (!coldCrawl) {
      const first = await crawlSite(runtime, key, small, site.requests);
      console.log(`\nFirst crawl after start (instances cold), generated ${small.pages.size}-page site: ${rate(first.job.progress.pages_crawled, first.seconds)}`);
    }
    const { job, seconds: crawlSeconds, usage, report } = await crawlSite(runtime, key, large, site.requests);
    const crawled = job.progress.pages_crawled;
    const cost = costPerThousand(usage, crawled);
    const warmth = coldCrawl ? "the runtime's first crawl" : 'instances warm';
    console.log(`\nEnd-to-end crawl, ${scenario.label}: generated ${large.pages.size}-page site, mode full, concurrency ${CONCURRENCY}, ${lambdaThreads} Lambda thread(s), the ${code} code, ${warmth} (job ${job.status})`);
    console.log(`  crawl (POST → finished):            ${rate(crawled, crawlSeconds)}`);
    console.log(`  plain concurrent GETs (${CONCURRENCY} in flight): ${rate(urls.length, plainSeconds)}`);
    console.log(`  ratio crawl / plain GETs:           ${(crawled / crawlSeconds / (urls.length / plainSeconds)).toFixed(3)}`);
    console.log(report.join('\n'));

    const smallCrawl = await crawlSite(runtime, key, small, site.requests);
    console.log(`Small crawl, same setup, generated ${small.pages.size}-page site (job ${smallCrawl.job.status}): ${rate(smallCrawl.job.progress.pages_crawled, smallCrawl.seconds)}`);
    console.log(smallCrawl.report.join('\n'));
    if (!detailed) return;
    // V8 goes on optimizing the handlers, the SDK and the emulators over several crawls: a service
    // that has run for a while is nearer this figure than the first one.
    const again = await crawlSite(runtime, key, large, site.requests);
    console.log(`The ${large.pages.size}-page crawl again, same runtime (its second): ${rate(again.job.progress.pages_crawled, again.seconds)}`);
    console.log(again.report.join('\n'));
    console.log(`\nAWS calls per crawled page of the ${large.pages.size}-page crawl (counted at the local emulators):`);
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
  await measure(scenario, index === 0);
}

await main();
