import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_DEFAULTS, EXIT, runCli, type CliIO } from '../../cli/main.js';
import { concurrencySchema, fullOnlyShape } from '../../lambdas/domain/job-request.js';
import { PROJECT_ROOT } from '../../local/template.js';
import { unusedPort } from '../helpers/fixture-server.js';
import { summarizePdf } from '../helpers/pdf.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
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

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
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
    '/with-broken-link': page('With a broken link', ['/a', '/missing']),
  }));
  runtime = await lifecycle.runtime({
    users: [
      { user_id: 'cli-user', api_key: KEYS.user, plan: 'pro', monthly_pages: 1000 },
      { user_id: 'cli-small', api_key: KEYS.small, plan: 'free', monthly_pages: 2 },
    ],
    // refused.test: nothing listens on its port
    hostOverrides: `${site.overrides},refused.test=127.0.0.1:${await unusedPort()}`,
  });
  workDir = await lifecycle.scratch('crawl-cli-');
});

/** Runs the CLI in this process; `stdin` is what a pipe would hand it; `terminal`: stdout is a terminal. */
async function cli(argv: string[], options: { key?: string; stdin?: string; terminal?: boolean; io?: Partial<CliIO> } = {}) {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.terminal });
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
  return { code, stdout: Buffer.concat(out).toString('utf8'), bytes: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') };
}

/** The text of a Word file's body. */
function wordText(bytes: Uint8Array): string {
  return strFromU8(unzipSync(bytes)['word/document.xml'] ?? new Uint8Array()).replace(/<[^>]+>/g, '');
}

async function jobCount(): Promise<number> {
  return (JSON.parse((await cli(['jobs', '--json', '--limit', '100'])).stdout) as { jobs: unknown[] }).jobs.length;
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
    expect(crawl.stderr).toMatch(/\[\d+s\] (queued|running|completed): \d of 3 crawled, 0 failed, 0 skipped\n/);
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
    // a full crawl: its count, with max_pages named as a limit while it runs, and no bar filling towards it
    expect(drawn).toMatch(/completed 3 crawled \| 0 failed \| 0 skipped \| \d+s/);
    expect(drawn).not.toMatch(/\/3 crawled/);
  });

  it('exits with a code per kind of failure', async () => {
    const invalid = await cli(['crawl', 'https://site.test/', '--max-pages', '5000']);
    const unauthorized = await cli(['usage'], { key: 'not-a-key-anyone-has' });
    const quota = await cli(['crawl', 'https://site.test/', '--max-pages', '50'], { key: KEYS.small });
    const failed = await cli(['crawl', 'https://site.test/missing', '--mode', 'single', '--no-progress']);
    const usage = await cli(['crawl', 'https://site.test/', '--mode', 'select']);
    const unreachable = await cli(['usage'], { io: { env: { CRAWL_API_URL: 'http://127.0.0.1:9', CRAWL_API_KEY: KEYS.user } } });
    const siteDown = await cli(['preview', 'https://refused.test/']);
    const noKey = await cli(['usage'], { io: { env: { CRAWL_API_URL: runtime.url, CRAWL_DATA_DIR: path.join(workDir, 'no-runtime-here') } } });

    expect(invalid).toMatchObject({ code: EXIT.refused, stderr: expect.stringContaining('max_pages: must be an integer from 1 to 1000') });
    expect(unauthorized).toMatchObject({ code: EXIT.unauthorized, stderr: expect.stringContaining('unauthorized') });
    expect(quota).toMatchObject({ code: EXIT.quota, stderr: expect.stringContaining('quota_exceeded') });
    expect(failed).toMatchObject({ code: EXIT.jobFailed, stderr: expect.stringContaining('failed: seed_fetch_failed') });
    expect(usage).toMatchObject({ code: EXIT.usage, stderr: expect.stringContaining('select mode needs URLs') });
    expect(unreachable).toMatchObject({ code: EXIT.failed, stderr: expect.stringContaining('cannot reach the service at http://127.0.0.1:9') });
    // the site gave no answer, not the service: not exit code 1
    expect(siteDown).toMatchObject({ code: EXIT.siteUnreachable, stderr: expect.stringContaining('site_unreachable: the site could not be reached: it refused the connection') });
    expect(noKey).toMatchObject({ code: EXIT.unauthorized, stderr: expect.stringContaining('no API key: set CRAWL_API_KEY') });
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

  it('makes PDF, Word and HTML documents through /v1.1, writing a binary file to -o or a pipe but never to a terminal', async () => {
    const pdfFile = path.join(workDir, 'b.pdf');
    const before = await jobCount();
    const toTerminal = await cli(['crawl', 'https://site.test/b', '--mode', 'single', '--format', 'pdf'], { terminal: true });
    const after = await jobCount();
    const pdf = await cli(['crawl', 'https://site.test/b', '--mode', 'single', '--format', 'pdf', '--pdf-paper', 'Letter', '-o', pdfFile, '--json', '--no-progress'], { terminal: true });
    const piped = await cli(['crawl', 'https://site.test/b', '--mode', 'single', '--format', 'docx', '--no-progress']);
    const html = await cli(['crawl', 'https://site.test/b', '--mode', 'single', '--format', 'html', '--no-progress'], { terminal: true });

    expect(toTerminal).toMatchObject({ code: EXIT.usage, stdout: '', stderr: 'error: pdf is a binary file, not for a terminal: write it with -o FILE, or pipe stdout into a file or program\n' });
    expect(after).toBe(before);
    expect(pdf.code, pdf.stderr).toBe(EXIT.completed);
    const job = JSON.parse(pdf.stdout) as { id: string; export_formats: string[]; pdf_paper: string; links: { result: string } };
    expect(job).toMatchObject({ export_formats: ['pdf'], pdf_paper: 'Letter', links: { result: `/v1.1/jobs/${job.id}/result` } });
    expect((await summarizePdf(await readFile(pdfFile))).pages[0]).toEqual([612, 792]);
    expect(piped.code, piped.stderr).toBe(EXIT.completed);
    expect(wordText(piped.bytes)).toContain('Content of B.');
    expect(html.code, html.stderr).toBe(EXIT.completed);
    expect(html.stdout).toMatch(/^<!DOCTYPE html>/i);
    expect(html.stdout).toContain('Content of B.');
  }, 120_000);

  it('writes the jsonl result, one JSON object per page, with the markdown, or the text when asked for it too', async () => {
    const output = path.join(workDir, 'a.jsonl');
    const markdown = await cli(['crawl', 'https://site.test/', '--max-depth', '1', '--max-pages', '2', '--format', 'jsonl', '--no-progress']);
    const text = await cli(['crawl', 'https://site.test/a', '--mode', 'single', '--format', 'jsonl', '--format', 'text', '-o', output, '--json', '--no-progress']);

    expect(markdown.code, markdown.stderr).toBe(EXIT.completed);
    const records = markdown.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => [record.url, record.depth])).toEqual([['https://site.test/', 0], ['https://site.test/a', 1]]);
    expect(records[0]).toMatchObject({ title: 'Home', markdown: expect.stringContaining('Content of Home.') });
    expect(records[0]).not.toHaveProperty('text');
    // jsonl is a result of any job: made under /v1, of the text export
    const job = JSON.parse(text.stdout) as { id: string; export_formats: string[]; links: { result: string } };
    expect(job).toMatchObject({ export_formats: ['text'], links: { result: `/v1/jobs/${job.id}/result` } });
    const [record, ...rest] = (await readFile(output, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ url: 'https://site.test/a', text: expect.stringContaining('Content of A.') });
    expect(record).not.toHaveProperty('markdown');
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
    expect(viaNpm.stdout.replace(/\s+/g, ' ')).toContain('(choices: "markdown", "text", "html", "pdf", "docx", "jsonl")');
    // a repeatable option's help names its own default, never commander's empty list beside it
    expect(viaNpm.stdout).not.toContain('default: []');
    expect(viaNpm.stdout.replace(/\s+/g, ' ')).toContain('--pdf-paper <size> the paper of a pdf document (default A4) (choices: "A4", "Letter")');
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

  it('prints its version', async () => {
    const packageJson = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await cli(['--version'])).toMatchObject({ code: EXIT.completed, stdout: `${packageJson.version}\n` });
  });

  it("lists a job's pages, and with --status failed, why they failed", async () => {
    const crawl = await cli(['crawl', 'https://site.test/with-broken-link', '--max-depth', '1', '--no-progress', '--json', '-o', path.join(workDir, 'broken.md')]);
    const { id } = JSON.parse(crawl.stdout) as { id: string };

    const all = await cli(['pages', id]);
    const failed = await cli(['pages', id, '--status', 'failed']);
    const json = await cli(['pages', id, '--json']);

    expect(all.code, all.stderr).toBe(EXIT.completed);
    expect(all.stdout.split('\n')[0]).toMatch(/^STATUS\s+REASON\s+DEPTH\s+URL$/);
    expect(all.stdout.trim().split('\n')).toHaveLength(4);
    expect(failed.stdout).toMatch(/^STATUS\s+REASON\s+DEPTH\s+URL\nfailed\s+http_404\s+1\s+https:\/\/site\.test\/missing\n$/);
    expect(json.stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ url: 'https://site.test/with-broken-link', status: 'crawled', reason: null, depth: 0 }),
      expect.objectContaining({ url: 'https://site.test/a', status: 'crawled', depth: 1 }),
      expect.objectContaining({ url: 'https://site.test/missing', status: 'failed', reason: 'http_404', http_status: 404, depth: 1 }),
    ]);
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
  /** A command line in bash, as a user types it, against the test runtime as the user's key. */
  async function shell(command: string): Promise<{ code: number | null; stderr: string }> {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CRAWL_API_URL: runtime.url, CRAWL_API_KEY: KEYS.user },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return { code: await new Promise<number | null>((resolve) => child.on('close', resolve)), stderr };
  }

  it('runs the select flow as one pipeline: npm run -s cli -- preview … | npm run -s cli -- crawl … --urls-file - -o FILE', async () => {
    const output = path.join(workDir, 'pipeline.md');
    const command = `npm run -s cli -- preview https://site.test/ | head -2 | npm run -s cli -- crawl https://site.test/ --mode select --urls-file - -o ${output}`;
    const { code, stderr } = await shell(command);

    expect(code, stderr).toBe(0);
    expect(await readFile(output, 'utf8')).toMatch(/^URL: https:\/\/site\.test\/\n[\s\S]*\n---\n\nURL: https:\/\/site\.test\/a\n/);
  }, 60_000);

  it('writes a PDF into a pipe intact: node cli/crawl.mjs crawl … --format pdf | cat > FILE', async () => {
    const output = path.join(workDir, 'piped.pdf');
    const command = `node cli/crawl.mjs crawl https://site.test/c --mode single --format pdf --no-progress | cat > ${output}`;
    const { code, stderr } = await shell(command);

    expect(code, stderr).toBe(0);
    // A4 by default
    expect((await summarizePdf(await readFile(output))).pages[0]).toEqual([596, 843]);
  }, 120_000);
});
