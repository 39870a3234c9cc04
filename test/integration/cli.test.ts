import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_DEFAULTS, EXIT, runCli, type CliIO } from '../../cli/main.js';
import { concurrencySchema, fullOnlyShape } from '../../lambdas/domain/job-request.js';
import { PROJECT_ROOT } from '../../local/template.js';
import { startTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, startSite, urlset } from '../helpers/site.js';

/*
 * The command-line tool against the local runtime: in this process for the commands, exit codes
 * and Ctrl-C, and once as real processes for the pipeline of CONTRACT 9's select flow.
 */
const KEYS = { user: 'cli-test-key-user-0001', small: 'cli-test-key-small-001' };
const SLOW_MS = 4000;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let workDir: string;

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': {
      headers: { 'content-type': 'application/xml' },
      body: urlset(['/', '/a', '/b', '/c']),
    },
    '/': page('Home', ['/a', '/b', '/c', '/slow']),
    '/a': page('A'),
    '/b': page('B'),
    '/c': page('C'),
    '/slow': { body: page('Slow'), delayMs: SLOW_MS },
  });
  runtime = await startTestRuntime({
    users: [
      { user_id: 'cli-user', api_key: KEYS.user, plan: 'pro', monthly_pages: 1000 },
      { user_id: 'cli-small', api_key: KEYS.small, plan: 'free', monthly_pages: 2 },
    ],
    hostOverrides: site.overrides,
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'crawl-cli-'));
});
afterAll(async () => {
  await site?.close();
  await runtime?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Runs the CLI in this process; `stdin` is what a pipe would hand it. */
async function cli(argv: string[], options: { key?: string; stdin?: string; io?: Partial<CliIO> } = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const code = await runCli(argv, {
    stdout,
    stderr,
    stdin: Readable.from([options.stdin ?? '']),
    env: { CRAWL_API_URL: runtime.url, CRAWL_API_KEY: options.key ?? KEYS.user },
    fetch: runtime.fetch,
    ...options.io,
  });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('crawl CLI', () => {
  it('previews a site one URL a line, and crawls the chosen URLs from stdin into a file', async () => {
    const preview = await cli(['preview', 'https://site.test/', '--limit', '3']);
    const output = path.join(workDir, 'site.md');

    const crawl = await cli(['crawl', 'https://site.test/', '--mode', 'select', '--urls-file', '-', '-o', output], { stdin: preview.stdout });

    expect(preview).toMatchObject({ code: EXIT.completed, stdout: 'https://site.test/\nhttps://site.test/a\nhttps://site.test/b\n' });
    expect(crawl.code, crawl.stderr).toBe(EXIT.completed);
    expect(crawl.stdout).toBe('');
    const document = await readFile(output, 'utf8');
    expect(document.split('\n---\n').map((section) => /^URL: (.*)$/m.exec(section)?.[1])).toEqual(['https://site.test/', 'https://site.test/a', 'https://site.test/b']);
    // not a terminal: plain progress lines, then the outcome
    expect(crawl.stderr).toMatch(/^Job [0-9a-f-]{36} queued: select crawl of https:\/\/site\.test\/\n/);
    expect(crawl.stderr).toMatch(/\[\d+s\] (queued|running|completed): \d\/3 crawled, 0 failed, 0 skipped\n/);
    expect(crawl.stderr).toMatch(/completed: 3 crawled, 0 failed, 0 skipped; document in .*site\.md\n$/);
  });

  it('writes the document to stdout, maps the job flags, and prints the record with --json', async () => {
    const plain = await cli(['crawl', 'https://site.test/a', '--mode', 'single', '--format', 'text', '--no-progress']);
    const json = await cli(['crawl', 'https://site.test/', '--max-depth', '1', '--max-pages', '2', '--concurrency', '1', '--whole-page', '--json', '--no-progress']);

    expect(plain).toMatchObject({ code: EXIT.completed, stderr: '' });
    expect(plain.stdout).toMatch(/^URL: https:\/\/site\.test\/a\nTitle: A\n/);
    expect(json.code).toBe(EXIT.completed);
    expect(JSON.parse(json.stdout)).toMatchObject({ mode: 'full', max_depth: 1, max_pages: 2, concurrency: 1, only_main_content: false, status: 'completed', progress: { pages_crawled: 2 } });
  });

  it('draws a progress bar when stderr is a terminal', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let drawn = '';
    terminal.on('data', (chunk: Buffer) => (drawn += chunk.toString()));

    const result = await cli(['crawl', 'https://site.test/', '--max-depth', '1', '--max-pages', '3', '-o', path.join(workDir, 'bar.md')], { io: { stderr: terminal } });

    expect(result.code).toBe(EXIT.completed);
    expect(drawn).toMatch(/completed \[[█░]+\] 3\/3 crawled \| 0 failed \| 0 skipped \| \d+s/);
  });

  it('exits with a code per kind of failure', async () => {
    const invalid = await cli(['crawl', 'https://site.test/', '--max-pages', '5000']);
    const unauthorized = await cli(['usage'], { key: 'not-a-key-anyone-has' });
    const quota = await cli(['crawl', 'https://site.test/', '--max-pages', '50'], { key: KEYS.small });
    const failed = await cli(['crawl', 'https://site.test/missing', '--mode', 'single', '--no-progress']);
    const usage = await cli(['crawl', 'https://site.test/', '--mode', 'select']);
    const unreachable = await cli(['usage'], { io: { env: { CRAWL_API_URL: 'http://127.0.0.1:9', CRAWL_API_KEY: KEYS.user } } });

    expect(invalid).toMatchObject({ code: EXIT.refused, stderr: expect.stringContaining('max_pages: must be an integer from 1 to 1000') });
    expect(unauthorized).toMatchObject({ code: EXIT.unauthorized, stderr: expect.stringContaining('unauthorized') });
    expect(quota).toMatchObject({ code: EXIT.quota, stderr: expect.stringContaining('quota_exceeded') });
    expect(failed).toMatchObject({ code: EXIT.jobFailed, stderr: expect.stringContaining('failed: seed_fetch_failed') });
    expect(usage).toMatchObject({ code: EXIT.usage, stderr: expect.stringContaining('select mode needs URLs') });
    expect(unreachable).toMatchObject({ code: EXIT.failed, stderr: expect.stringContaining('cannot reach the service at http://127.0.0.1:9') });
  });

  it('says once what was wrong: the field refused, the cause of a failed job, an empty pipe', async () => {
    const invalid = await cli(['crawl', 'https://site.test/', '--max-pages', '5000']);
    const failed = await cli(['crawl', 'https://site.test/missing', '--mode', 'single', '--no-progress']);
    // what `preview … | crawl … --urls-file -` gets when preview fails
    const emptyPipe = await cli(['crawl', 'https://site.test/', '--urls-file', '-'], { stdin: '' });

    expect(invalid.stderr.match(/max_pages: must be an integer from 1 to 1000/g)).toHaveLength(1);
    expect(failed.stderr).toMatch(/failed: seed_fetch_failed: the seed page could not be crawled \(reason http_404, http_status 404\)\n/);
    expect(emptyPipe).toMatchObject({ code: EXIT.usage, stderr: 'error: no URLs on stdin: did the command before the pipe (e.g. preview) fail?\n' });
  });

  it('ends the document on stdout with a newline', async () => {
    const result = await cli(['crawl', 'https://site.test/b', '--mode', 'single', '--no-progress']);

    expect(result.code).toBe(EXIT.completed);
    expect(result.stdout).toMatch(/Content of B\.\n$/);
  });

  it("shows the service's defaults in help crawl, under the name the tool was run by", async () => {
    const viaNpm = await cli(['help', 'crawl'], { io: { env: { npm_lifecycle_event: 'cli' } } });
    const viaBin = await cli(['help', 'crawl'], { io: { env: {} } });

    expect(viaNpm.code).toBe(EXIT.completed);
    expect(viaNpm.stdout).toMatch(/^Usage: npm run -s cli -- crawl \[options\] <url>\n/);
    expect(viaBin.stdout).toMatch(/^Usage: crawl crawl \[options\] <url>\n/);
    const defaults = { maxDepth: fullOnlyShape.max_depth.parse(undefined), maxPages: fullOnlyShape.max_pages.parse(undefined), concurrency: concurrencySchema.parse(undefined) };
    expect(CRAWL_DEFAULTS).toEqual(defaults);
    expect(viaNpm.stdout).toMatch(new RegExp(`--max-depth <n> +full: how many links away from the seed \\(default ${defaults.maxDepth}\\)`));
    expect(viaNpm.stdout).toMatch(new RegExp(`--max-pages <n> +full: at most this many pages \\(default ${defaults.maxPages}\\)`));
  });

  it('offers to cancel on Ctrl-C; cancelled, the job keeps its pages and the document is still written', async () => {
    let interrupt: (() => void) | undefined;
    const questions: string[] = [];
    const output = path.join(workDir, 'cancelled.md');
    const running = cli(['crawl', 'https://site.test/', '--max-depth', '1', '--concurrency', '1', '-o', output], {
      io: {
        onInterrupt: (handler) => {
          interrupt = handler;
          return () => (interrupt = undefined);
        },
        confirm: async (question) => {
          questions.push(question);
          return true;
        },
      },
    });
    // the seed is crawled at once; /slow holds the crawl long enough to interrupt it
    while (!interrupt) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    interrupt();

    const result = await running;

    expect(questions).toEqual([expect.stringMatching(/^Cancel job [0-9a-f-]{36}\? It keeps the pages crawled so far/)]);
    expect(result.code, result.stderr).toBe(EXIT.jobCancelled);
    expect(result.stderr).toMatch(/cancelled: \d+ crawled/);
    expect(await readFile(output, 'utf8')).toContain('URL: https://site.test/');
  });

  it('lists jobs and usage, as text and as JSON', async () => {
    const table = await cli(['jobs', '--limit', '2']);
    const json = await cli(['jobs', '--status', 'completed', '--json']);
    const usage = await cli(['usage', '--json']);

    expect(table.code).toBe(EXIT.completed);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+MODE\s+CRAWLED\s+CREATED\s+URL$/);
    expect(table.stdout.trim().split('\n')).toHaveLength(3);
    const list = JSON.parse(json.stdout) as { jobs: Array<{ status: string }> };
    expect(list.jobs.length).toBeGreaterThan(0);
    expect(list.jobs.every((job) => job.status === 'completed')).toBe(true);
    expect(JSON.parse(usage.stdout)).toMatchObject({ allowance: 1000, used: expect.any(Number) });
  });
});

describe('crawl CLI as processes', () => {
  it('runs the select flow as one pipeline: npm run -s cli -- preview … | npm run -s cli -- crawl … --urls-file - -o FILE', async () => {
    const output = path.join(workDir, 'pipeline.md');
    const command = `npm run -s cli -- preview https://site.test/ | head -2 | npm run -s cli -- crawl https://site.test/ --mode select --urls-file - -o ${output}`;
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CRAWL_API_URL: runtime.url, CRAWL_API_KEY: KEYS.user },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code, stderr).toBe(0);
    expect(await readFile(output, 'utf8')).toMatch(/^URL: https:\/\/site\.test\/\n[\s\S]*\n---\n\nURL: https:\/\/site\.test\/a\n/);
  }, 60_000);
});
