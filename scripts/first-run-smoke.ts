/**
 * `npm run smoke`: the first-run checks (health, OpenAPI, preview, a /v1.1 PDF, a crawl, its document
 * and ledger), one line each and a total; exits 0 only when none failed.
 *
 * - `npm run smoke -- --api-url <url> --api-key <key> [--site <https url>]`: against any deployment,
 *   a stack `cdk deploy` made (its `ApiUrl` output and a key from `npm run admin -- create-key`).
 * - Without `--api-url`: a new user's first run, as CI makes it on a clean clone right after
 *   `npm ci`: `npm start` as a real process with an empty temporary directory and data directory
 *   (no template cached, no browser unpacked), and a local HTTPS site with a static page, a
 *   script-built page and a sitemap, whose pages the checks then expect exactly.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { READY_LINE } from '../local/ready-line.js';
import { PROJECT_ROOT } from '../local/template.js';
import { startSite, page, urlset } from '../test/helpers/site.js';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from '../test/helpers/tls.js';
import { formatCheck, formatTotal, runSmokeChecks, type SmokeTarget } from './smoke-checks.js';

const SHELL = `<!doctype html><html><head><title>Dashboard</title></head><body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<main><h1>Dashboard</h1><p>This text was built by a script in the browser.</p></main>';</script></body></html>`;

/** A public site any deployment may crawl, when none is named. */
const DEFAULT_SITE = 'https://example.com/';

async function check(target: SmokeTarget): Promise<boolean> {
  const results = await runSmokeChecks(target, (result) => console.log(formatCheck(result)));
  console.log(formatTotal(results));
  return results.every((result) => result.passed);
}

/** The local first run: the local site, `npm start` as a process, the checks, and everything stopped after. */
async function firstRun(): Promise<boolean> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'first-run-'));
  const emptyTmp = path.join(scratch, 'tmp');
  const dataDir = path.join(scratch, 'data');
  process.env[TEST_CA_DIR_VARIABLE] = scratch;
  const caFile = writeRunCa(scratch);
  const site = await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: urlset(['/', '/guide', '/dashboard']) },
    '/': page('Home', ['/guide', '/dashboard']),
    '/guide': page('Guide'),
    '/dashboard': SHELL,
  });
  await mkdir(emptyTmp);
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    detached: true,
    env: { ...process.env, PORT: '0', TMPDIR: emptyTmp, CRAWL_DATA_DIR: dataDir, NODE_EXTRA_CA_CERTS: caFile, CRAWL_HOST_OVERRIDES: site.overrides },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await readyUrl(() => output, 600_000);
    const code = /functions run the (\w+) code/.exec(output)?.[1] ?? 'source';
    console.log(`first run: npm start ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s, running the ${code} code`);
    const passed = await check({
      apiUrl: url,
      apiKey: (await readFile(path.join(dataDir, 'dev-api-key'), 'utf8')).trim(),
      site: 'https://site.test/',
      jobTimeoutMs: 300_000,
      expect: {
        previewUrls: ['https://site.test/', 'https://site.test/guide', 'https://site.test/dashboard'],
        documentHolds: ['URL: https://site.test/guide', 'Content of Guide.', 'URL: https://site.test/dashboard', 'This text was built by a script in the browser.'],
        ledger: [
          ['https://site.test/', false],
          ['https://site.test/guide', false],
          ['https://site.test/dashboard', true],
        ],
      },
    });
    if (!passed) console.log(`\nnpm start said:\n${output}`);
    return passed;
  } finally {
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await site.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function readyUrl(output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = READY_LINE.exec(output())?.[1];
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`npm start was not ready after ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const options = new Command('smoke')
    .description('The first-run checks, against the local first run or any deployment')
    .option('--api-url <url>', "a deployment's API (the stack's ApiUrl output); without it, a local first run of npm start")
    .option('--api-key <key>', 'an API key of that deployment (npm run admin -- create-key)')
    .option('--site <url>', 'the https site to crawl', DEFAULT_SITE)
    .parse()
    .opts<{ apiUrl?: string; apiKey?: string; site: string }>();
  if (options.apiUrl && !options.apiKey) throw new Error('--api-url needs --api-key');
  const passed = options.apiUrl ? await check({ apiUrl: options.apiUrl, apiKey: options.apiKey ?? '', site: options.site, jobTimeoutMs: 300_000 }) : await firstRun();
  process.exit(passed ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`smoke: ${(error as Error).message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
