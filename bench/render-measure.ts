import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeHtml } from '../lambdas/core/charset.js';
import { exportPage } from '../lambdas/core/export.js';
import { createFetcher } from '../lambdas/net/fetcher.js';
import { createRenderer, launchBrowser } from '../lambdas/render/browser.js';
import { lambdaThreadsSetting } from '../local/lambda-host.js';
import { startLocalRuntime } from '../local/runtime.js';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { costPerThousand, difference, PRICES } from './cost.js';
import { generatedSite } from './generated-site.js';
import { crawlToEnd } from './local-crawl.js';

/**
 * Rendering (issue 10, item 7): the generated documentation site of the crawl benchmark, served
 * once as static HTML (static.test) and once as a single-page application whose shell fetches
 * each route's content from a JSON API (app.test). The same 111 pages (levels 1, 10, 100) are
 * crawled end to end on the local runtime, statically and rendered at concurrency 5 and 20, while
 * the browser's memory is sampled; then pages are rendered one at a time the way a Lambda
 * container does (single-process browser), which gives the GB-seconds per rendered page.
 */
const PAGES = 111;
const SEQUENTIAL_RENDERS = 30;
const RENDER_MEMORY_GB = 2048 / 1024;
const pages = generatedSite(PAGES);
// What `npm start` runs: handlers in worker threads; CRAWL_LOCAL_LAMBDA_THREADS=0 measures them in-process.
const lambdaThreads = lambdaThreadsSetting.parse(process.env.CRAWL_LOCAL_LAMBDA_THREADS);

const SHELL = `<!doctype html><html><head><meta charset="utf-8"><title>Docs</title><script src="/app.js" defer></script></head><body><div id="root"></div></body></html>`;
const APP = `fetch('/api/page?path=' + encodeURIComponent(location.pathname)).then((r) => r.json()).then((p) => {
  document.title = p.title;
  document.getElementById('root').innerHTML = p.html;
});`;

function bodyOf(html: string): { title: string; html: string } {
  return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '', html: /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '' };
}

/** Proportional set size (shared pages split among sharers) of this process's descendants: the browser. */
function browserPssMb(): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let kb = 0;
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${child}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      } catch {
        // gone
      }
      visit(child);
    }
  };
  visit(process.pid);
  return kb / 1024;
}

function sampleMemory() {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, browserPssMb());
  }, 250);
  return { stop: () => (clearInterval(timer), peak) };
}

async function main(): Promise<void> {
  const site = await startFixtureSite(['static.test', 'app.test'], (request, response) => {
    const url = new URL(request.url ?? '/', 'https://site.test');
    const host = String(request.headers.host ?? '').replace(/:\d+$/, '');
    const html = (route: string) => pages.get(route);
    const answer = (type: string, body: string | undefined) => {
      if (body === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    };
    if (url.pathname === '/robots.txt') return answer('text/plain', 'User-agent: *\nAllow: /\n');
    if (host === 'static.test') return answer('text/html; charset=utf-8', html(url.pathname));
    if (url.pathname === '/app.js') return answer('text/javascript', APP);
    if (url.pathname === '/api/page') {
      const page = html(url.searchParams.get('path') ?? '');
      return answer('application/json', page === undefined ? undefined : JSON.stringify(bodyOf(page)));
    }
    return answer('text/html; charset=utf-8', pages.has(url.pathname) ? SHELL : undefined);
  });
  process.env.CRAWL_HOST_OVERRIDES = `static.test=127.0.0.1:${site.port},app.test=127.0.0.1:${site.port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-render-'));
  const usersFile = path.join(dataDir, 'users.json');
  const key = 'bench-key-0000001';
  await writeFile(usersFile, JSON.stringify([{ user_id: 'bench', api_key: key, plan: 'pro', monthly_pages: 1_000_000 }]));
  const runtime = await startLocalRuntime({ host: '127.0.0.1', port: 0, dataDir, seedUsersFile: usersFile, pollersPerQueue: 20, lambdaThreads, log: () => undefined });

  const crawl = async (host: string, concurrency: number) => {
    const before = runtime.meter.snapshot();
    const { job, seconds } = await crawlToEnd(runtime.url, key, { url: `https://${host}/`, mode: 'full', max_depth: 2, max_pages: PAGES, concurrency, check_tos: false });
    const ledger = (await (await fetch(`${runtime.url}/v1/jobs/${job.id}/pages?limit=1000`, { headers: { authorization: `Bearer ${key}` } })).json()) as { pages: Array<{ rendered: boolean }> };
    const usage = difference(runtime.meter.snapshot(), before);
    return { job, seconds, rendered: ledger.pages.filter((entry) => entry.rendered).length, cost: costPerThousand(usage, job.progress.pages_crawled) };
  };

  try {
    console.log(`\nEnd-to-end crawls of the same ${PAGES}-page site on the local runtime, ${lambdaThreads} Lambda thread(s) (render left at auto):`);
    // Warm the browser once (the first use unpacks Chromium), as a warm Lambda container would be.
    await crawl('app.test', 5);
    const rows: Array<[string, Awaited<ReturnType<typeof crawl>>, number]> = [];
    const staticRun = await crawl('static.test', 20);
    rows.push(['static site, concurrency 20', staticRun, 0]);
    for (const concurrency of [5, 20]) {
      const memory = sampleMemory();
      const result = await crawl('app.test', concurrency);
      rows.push([`script-built site, concurrency ${concurrency}`, result, memory.stop()]);
    }
    for (const [label, result, peakMb] of rows) {
      const rate = result.job.progress.pages_crawled / result.seconds;
      console.log(
        `  ${label.padEnd(32)} ${result.job.progress.pages_crawled} pages (${result.rendered} rendered) in ${result.seconds.toFixed(1)} s = ${rate.toFixed(1)} pages/s` +
          (peakMb ? `; browser peak PSS ${peakMb.toFixed(0)} MB` : '') +
          `; metered cost $${result.cost.total.toFixed(4)} per 1000 pages`,
      );
    }
  } finally {
    await runtime.close();
  }

  // One page at a time in a single-process browser: the render worker on Lambda.
  const fetcher = createFetcher();
  const renderer = createRenderer({ fetch: fetcher, launch: () => launchBrowser({ concurrentPages: false }) });
  try {
    const urls = [...pages.keys()].slice(0, SEQUENTIAL_RENDERS).map((route) => `https://app.test${route}`);
    const launchStarted = performance.now();
    await renderer.render(await staticPage(fetcher, urls[0] as string));
    const firstMs = performance.now() - launchStarted;
    const memory = sampleMemory();
    const timings: number[] = [];
    const staticTimings: number[] = [];
    for (const url of urls) {
      const started = performance.now();
      const rendered = await renderer.render(await staticPage(fetcher, url));
      exportPage(rendered.html, { url, onlyMainContent: true, formats: ['markdown'] });
      timings.push(performance.now() - started);
      const staticStarted = performance.now();
      const document = await fetcher(url.replace('app.test', 'static.test'));
      exportPage(decodeHtml(document.body, document.headers['content-type']), { url, onlyMainContent: true, formats: ['markdown'] });
      staticTimings.push(performance.now() - staticStarted);
    }
    const peakMb = memory.stop();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const renderSeconds = median(timings) / 1000;
    const gbSeconds = renderSeconds * RENDER_MEMORY_GB;
    const staticGbSeconds = (median(staticTimings) / 1000) * 1;
    console.log(`\nOne page at a time, single-process browser (the render worker on Lambda, ${RENDER_MEMORY_GB * 1024} MB):`);
    console.log(`  first render after launch (Chromium already unpacked): ${firstMs.toFixed(0)} ms`);
    console.log(`  fetch + render + export, median of ${SEQUENTIAL_RENDERS}: ${(renderSeconds * 1000).toFixed(0)} ms; static fetch + export of the same page: ${median(staticTimings).toFixed(0)} ms`);
    console.log(`  browser peak PSS ${peakMb.toFixed(0)} MB; this process's RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
    console.log(
      `  GB-seconds per rendered page ${gbSeconds.toFixed(3)} (x86_64, $${((gbSeconds * PRICES.lambdaGbSecondX86 + PRICES.lambdaRequest) * 1000).toFixed(4)} per 1000 pages with the invocation) ` +
        `vs ${staticGbSeconds.toFixed(4)} static (arm64 1 GB, $${((staticGbSeconds * PRICES.lambdaGbSecond + PRICES.lambdaRequest) * 1000).toFixed(4)} per 1000)`,
    );
  } finally {
    await renderer.close();
    await site.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function staticPage(fetcher: ReturnType<typeof createFetcher>, url: string) {
  const document = await fetcher(url);
  return { url: document.finalUrl, status: document.status, headers: document.headers, body: document.body };
}

await main();
