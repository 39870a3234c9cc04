/**
 * The command-line tool (CONTRACT 9): `npm run -s cli -- <command>`, or the package's `crawl` bin.
 * A thin layer over the TypeScript client: commander parses the command line, cli-progress draws
 * the progress bar on stderr, and stdout carries only results (a document, URLs, JSON), so the
 * commands pipe into each other: `preview <site> | crawl <site> --mode select --urls-file -`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import packageJson from '../package.json' with { type: 'json' };
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import cliProgress from 'cli-progress';
import {
  CrawlApiError,
  CrawlClient,
  RESULT_FORMATS,
  defaultMode,
  isBinaryFormat,
  type CreateJobRequestV1_1,
  type DocumentFormat,
  type Job,
  type JobStatus,
  type LedgerEntry,
  type ResultFormat,
  LEDGER_STATUSES,
} from '../client/index.js';
import { LOCAL_API_URL, MissingApiKeyError, apiConnection, apiUrl } from '../client/connection.js';
import { crawledPhrase, progressMeasure } from '../lambdas/domain/job-progress.js';

/** The service's defaults for a job's fields, shown in `help crawl` (a test checks them against the API's schema). */
export const CRAWL_DEFAULTS = { maxDepth: 3, maxPages: 50, concurrency: 5 } as const;

export const EXIT = {
  completed: 0,
  /** The service could not be reached, or answered with a fault of its own. */
  failed: 1,
  usage: 2,
  /** The service refused the request (validation, forbidden, not found). */
  refused: 3,
  unauthorized: 4,
  /** The monthly quota or a rate limit. */
  quota: 5,
  jobFailed: 6,
  jobCancelled: 7,
  /** The site, not the service, gave no answer (preview). */
  siteUnreachable: 8,
  interrupted: 130,
} as const;

export interface CliIO {
  /** `isTTY`: a PDF or Word file is not written to a terminal. */
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
  /** Asks a yes/no question on the terminal; absent when there is no terminal to ask on. */
  confirm?: (question: string) => Promise<boolean>;
  /** Calls `handler` on Ctrl-C until the returned function is called. */
  onInterrupt?: (handler: () => void) => () => void;
  /** The client's fetch (tests check every answer against the OpenAPI document). */
  fetch?: typeof fetch;
}

/** An error whose message is all the user needs, with its exit code. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Runs one command line (without the program name) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.completed;
  const program = buildProgram(io, (code) => (exitCode = code));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.completed : EXIT.usage;
    if (error instanceof CliError) {
      io.stderr.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof MissingApiKeyError) {
      io.stderr.write(`error: ${error.message}\n`);
      return EXIT.unauthorized;
    }
    if (error instanceof CrawlApiError) {
      io.stderr.write(`error: ${describeApiError(error)}\n`);
      return exitCodeOf(error);
    }
    io.stderr.write(`error: ${describeFault(error, apiUrl(io.env))}\n`);
    return EXIT.failed;
  }
}

/** The command as the user typed it, for the usage lines of help: through npm, or the package's bin. */
function programName(env: CliIO['env']): string {
  return env.npm_lifecycle_event === 'cli' ? 'npm run -s cli --' : 'crawl';
}

function buildProgram(io: CliIO, setExitCode: (code: number) => void): Command {
  const program = new Command(programName(io.env))
    .description('Crawl web pages into one document (markdown, text, HTML, PDF or Word) or JSON Lines with the web crawl service.')
    .version(packageJson.version, '-V, --version', 'print the version of this tool')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError()
    .addHelpText(
      'after',
      `
Environment:
  CRAWL_API_URL   the service (default ${LOCAL_API_URL}, the local runtime of npm start)
  CRAWL_API_KEY   your API key (default the local development key in .crawl-local/dev-api-key)

Exit codes: 0 completed, 1 service unreachable or faulty, 2 wrong command line, 3 request refused,
4 unauthorized, 5 quota or rate limit, 6 job failed, 7 job cancelled, 8 site unreachable (preview),
130 interrupted.`,
    );
  addCrawlCommand(program, io, setExitCode);
  addReadingCommands(program, io);
  return program;
}

function addCrawlCommand(program: Command, io: CliIO, setExitCode: (code: number) => void): void {
  program
    .command('crawl')
    .description('create a job, show its progress on stderr, and write the document to stdout or -o FILE')
    .argument('<url>', 'the page (single), the seed (full) or the site (select)')
    .addOption(new Option('--mode <mode>', 'single, select or full (default: select with --url or --urls-file, else full)').choices(['single', 'select', 'full']))
    .option('--urls-file <file>', 'select: the URLs to crawl, one a line ("-" reads stdin, e.g. from preview)')
    // repeatable options collect into a list; no default given, so help shows none beside them
    .option('--url <url>', 'select: a URL to crawl (repeatable)', collect)
    .option('--max-depth <n>', `full: how many links away from the seed (default ${CRAWL_DEFAULTS.maxDepth})`, integer)
    .option('--max-pages <n>', `full: at most this many pages (default ${CRAWL_DEFAULTS.maxPages})`, integer)
    .option('--concurrency <n>', `fetches at once, 1-20 (default ${CRAWL_DEFAULTS.concurrency})`, integer)
    .addOption(
      new Option('--format <format>', 'what to write (default markdown); repeat to make several, the first is written. pdf and docx go to -o FILE or a pipe, not a terminal; jsonl is one JSON object per page, with its markdown (or text, given --format text too)')
        .choices(Object.keys(RESULT_FORMATS))
        .argParser(collectFormat),
    )
    .addOption(new Option('--pdf-paper <size>', 'the paper of a pdf document (default A4)').choices(['A4', 'Letter']))
    .addOption(new Option('--render <when>', 'render pages in a browser: auto, always or never').choices(['auto', 'always', 'never']))
    .option('--include <glob>', 'full: crawl only paths matching this pattern (repeatable)', collect)
    .option('--exclude <glob>', 'full: skip paths matching this pattern (repeatable)', collect)
    .option('--whole-page', 'export the whole page, not only its main content')
    .option('--no-robots', 'ignore robots.txt (Enterprise plans only)')
    .option('--no-tos-check', "skip the check of the site's terms of service")
    .option('-o, --output <file>', 'write the document to this file instead of stdout')
    .option('--json', 'print the final job record as JSON on stdout (the document then goes only to -o)')
    .option('--no-progress', 'no progress output on stderr')
    .action(async (url: string, options: CrawlOptions) => setExitCode(await crawlCommand(url, options, io)));
}

/** The commands that read what the service has: a site's pages, jobs, a job's ledger, usage. */
function addReadingCommands(program: Command, io: CliIO): void {
  program
    .command('preview')
    .description("list a site's pages (sitemaps, or the links of its home page), one URL a line")
    .argument('<url>', 'the site, usually its home page')
    .option('--limit <n>', 'at most this many URLs', integer)
    .option('--json', 'the whole answer as JSON (source, count, capped, assets_filtered)')
    .action(async (url: string, options: { limit?: number; json?: boolean }) => {
      const preview = await client(io).previewSitemap({ url, limit: options.limit });
      io.stdout.write(options.json ? `${JSON.stringify(preview, null, 2)}\n` : preview.urls.map((line) => `${line}\n`).join(''));
    });

  program
    .command('jobs')
    .description('your jobs, newest first')
    .addOption(new Option('--status <status>', 'only jobs in this state').choices(['queued', 'running', 'completed', 'failed', 'cancelled']))
    .option('--limit <n>', 'at most this many jobs (default 20)', integer)
    .option('--cursor <cursor>', 'continue from a next_cursor of --json output')
    .option('--json', 'the answer as JSON, with next_cursor')
    .action(async (options: { status?: JobStatus; limit?: number; cursor?: string; json?: boolean }) => {
      const list = await client(io).listJobs({ status: options.status, limit: options.limit, cursor: options.cursor });
      io.stdout.write(options.json ? `${JSON.stringify(list, null, 2)}\n` : jobsTable(list.jobs));
    });

  program
    .command('job')
    .description('one job record as JSON')
    .argument('<id>')
    .action(async (id: string) => {
      io.stdout.write(`${JSON.stringify(await client(io).getJob(id), null, 2)}\n`);
    });

  program
    .command('pages')
    .description("a job's pages in crawl order, with why each failed or was skipped (its ledger)")
    .argument('<id>')
    .addOption(new Option('--status <status>', 'only the pages in this state, e.g. failed').choices(LEDGER_STATUSES))
    .option('--json', 'one JSON object a line, with every field of the ledger')
    .action(async (id: string, options: { status?: LedgerEntry['status']; json?: boolean }) => {
      const entries: LedgerEntry[] = [];
      for await (const entry of client(io).pages(id)) if (options.status === undefined || entry.status === options.status) entries.push(entry);
      io.stdout.write(options.json ? entries.map((entry) => `${JSON.stringify(entry)}\n`).join('') : pagesTable(entries));
    });

  program
    .command('cancel')
    .description('cancel a job; it keeps the pages crawled so far')
    .argument('<id>')
    .action(async (id: string) => {
      const job = await client(io).cancelJob(id);
      io.stderr.write(`Cancelling job ${job.id}; it ends cancelled with the pages crawled so far.\n`);
    });

  program
    .command('usage')
    .description("this month's page allowance and use")
    .option('--json', 'as JSON')
    .action(async (options: { json?: boolean }) => {
      const usage = await client(io).getUsage();
      io.stdout.write(
        options.json
          ? `${JSON.stringify(usage, null, 2)}\n`
          : `period     ${usage.period}\nallowance  ${usage.allowance}\nused       ${usage.used}\nreserved   ${usage.reserved}\nremaining  ${usage.remaining}\n`,
      );
    });
}

interface CrawlOptions {
  mode?: 'single' | 'select' | 'full';
  urlsFile?: string;
  url?: string[];
  maxDepth?: number;
  maxPages?: number;
  concurrency?: number;
  format?: ResultFormat[];
  pdfPaper?: 'A4' | 'Letter';
  render?: 'auto' | 'always' | 'never';
  include?: string[];
  exclude?: string[];
  wholePage?: boolean;
  robots: boolean;
  tosCheck: boolean;
  output?: string;
  json?: boolean;
  progress: boolean;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function collectFormat(value: string, previous: ResultFormat[] = []): ResultFormat[] {
  return [...previous, value as ResultFormat];
}

function integer(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

/** The job request the flags describe; the service validates it and names any bad field. */
async function jobRequest(url: string, options: CrawlOptions, io: CliIO): Promise<CreateJobRequestV1_1> {
  const urls = [...(options.url ?? []), ...(options.urlsFile ? await readUrls(options.urlsFile, io) : [])];
  const mode = options.mode ?? defaultMode(urls.length > 0 || options.urlsFile !== undefined);
  if (mode === 'select' && urls.length === 0) {
    // an empty pipe is most often the command before it failing (its error is above this one)
    if (options.urlsFile === '-') throw new CliError('no URLs on stdin: did the command before the pipe (e.g. preview) fail?', EXIT.usage);
    if (options.urlsFile) throw new CliError(`no URLs in ${options.urlsFile}`, EXIT.usage);
    throw new CliError('select mode needs URLs: --urls-file FILE (or - for stdin) or --url', EXIT.usage);
  }
  if (mode !== 'select' && urls.length > 0) throw new CliError(`--url and --urls-file are for select mode, not ${mode}`, EXIT.usage);
  // jsonl is a result every job has, not a document to make
  const documents = (options.format ?? []).filter((format): format is DocumentFormat => format !== 'jsonl');
  const fields: Record<string, unknown> = {
    url,
    mode,
    urls: mode === 'select' ? urls : undefined,
    max_depth: options.maxDepth,
    max_pages: options.maxPages,
    concurrency: options.concurrency,
    export_formats: documents.length > 0 ? documents : undefined,
    pdf_paper: options.pdfPaper,
    // fields of CONTRACT 9 the service may not have yet are sent only when asked for
    render: options.render,
    include_paths: options.include,
    exclude_paths: options.exclude,
    only_main_content: options.wholePage ? false : undefined,
    respect_robots: options.robots ? undefined : false,
    check_tos: options.tosCheck ? undefined : false,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as CreateJobRequestV1_1;
}

/** One URL a line; blank lines and `#` comments are skipped. */
async function readUrls(file: string, io: CliIO): Promise<string[]> {
  let text: string;
  try {
    text = file === '-' ? await readStream(io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`, EXIT.usage);
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function crawlCommand(url: string, options: CrawlOptions, io: CliIO): Promise<number> {
  const api = client(io);
  // the one written; without --format, the job's default (markdown)
  const format = options.format?.[0];
  // refused before the job is created, so no quota goes on a file that cannot be shown
  if (format && isBinaryFormat(format) && !options.output && !options.json && io.stdout.isTTY) {
    throw new CliError(`${format} is a binary file, not for a terminal: write it with -o FILE, or pipe stdout into a file or program`, EXIT.usage);
  }
  const request = await jobRequest(url, options, io);
  const created = await api.createJob(request);
  const progress = options.progress ? new ProgressView(io.stderr, Date.now()) : undefined;
  progress?.note(`Job ${created.id} ${created.status}: ${created.mode} crawl of ${created.url}`);

  let job: Job;
  try {
    job = await waitWithInterrupt(api, created.id, io, progress);
  } finally {
    progress?.stop();
  }

  if (options.json) io.stdout.write(`${JSON.stringify(job, null, 2)}\n`);
  if (job.status === 'failed') {
    io.stderr.write(`Job ${job.id} failed: ${jobFailure(job)}\n`);
    return EXIT.jobFailed;
  }
  // with --json and no -o the record is the whole output: nothing to download
  if (options.output || !options.json) {
    const document = format && isBinaryFormat(format) ? await api.getResultBytes(job.id, { format }) : await api.getResult(job.id, { format });
    if (options.output) await writeFile(options.output, document);
    else io.stdout.write(typeof document === 'string' ? endLine(document) : document);
  }
  const { pages_crawled, pages_failed, pages_skipped } = job.progress;
  if (options.progress || job.status !== 'completed') {
    io.stderr.write(
      `Job ${job.id} ${job.status}: ${pages_crawled} crawled, ${pages_failed} failed, ${pages_skipped} skipped${options.output ? `; document in ${options.output}` : ''}\n`,
    );
  }
  return job.status === 'completed' ? EXIT.completed : EXIT.jobCancelled;
}

/** A terminal's prompt, or the next command's input, starts on a line of its own. */
function endLine(text: string): string {
  return text.endsWith('\n') || text === '' ? text : `${text}\n`;
}

/**
 * Waits for the job; Ctrl-C offers to cancel it. Cancelled, the job still ends with the pages it
 * crawled, so the wait goes on for its document; a second Ctrl-C, or declining, leaves it running.
 */
async function waitWithInterrupt(api: CrawlClient, jobId: string, io: CliIO, progress?: ProgressView): Promise<Job> {
  let cancelling = false;
  for (;;) {
    const controller = new AbortController();
    const stopListening = io.onInterrupt?.(() => controller.abort(new Interrupted())) ?? (() => undefined);
    try {
      return await api.waitForJob(jobId, { signal: controller.signal, onProgress: (job) => progress?.update(job) });
    } catch (error) {
      if (!(error instanceof Interrupted)) throw error;
    } finally {
      stopListening();
    }
    progress?.stop();
    const cancel = !cancelling && (io.confirm ? await io.confirm(`Cancel job ${jobId}? It keeps the pages crawled so far. [y/N] `) : true);
    if (!cancel) {
      throw new CliError(`stopped waiting; job ${jobId} goes on (follow it with: npm run -s cli -- job ${jobId})`, EXIT.interrupted);
    }
    await api.cancelJob(jobId).catch((error: unknown) => {
      if (!(error instanceof CrawlApiError && error.code === 'job_finished')) throw error;
    });
    cancelling = true;
    io.stderr.write(`Cancelling job ${jobId}; waiting for it to end (Ctrl-C again to stop waiting).\n`);
  }
}

class Interrupted extends Error {}

/** A bar on a terminal, plain lines elsewhere (logs, CI). */
class ProgressView {
  private bar?: cliProgress.SingleBar;
  private lastLine = '';

  constructor(
    private readonly stream: CliIO['stderr'],
    private readonly startedAt: number,
  ) {}

  note(text: string): void {
    this.stream.write(`${text}\n`);
  }

  update(job: Job): void {
    const { pages_crawled, pages_failed, pages_skipped } = job.progress;
    if (this.stream.isTTY) {
      const { total, limit } = progressMeasure(job);
      const payload = { state: job.status, failed: pages_failed, skipped: pages_skipped, limit: limit === undefined ? '' : ` (at most ${limit})` };
      if (!this.bar) {
        // a full crawl's size is unknown until it ends: its count alone, not a bar filling towards max_pages
        const counted = job.mode === 'full' ? '{value} crawled{limit}' : '[{bar}] {value}/{total} crawled';
        this.bar = new cliProgress.SingleBar(
          {
            stream: this.stream as NodeJS.WritableStream as never,
            format: `{state} ${counted} | {failed} failed | {skipped} skipped | {duration_formatted}`,
            hideCursor: true,
            barsize: Math.max(10, Math.min(40, (this.stream.columns ?? 80) - 70)),
          },
          cliProgress.Presets.shades_classic,
        );
        this.bar.start(total ?? 0, pages_crawled, payload);
      }
      this.bar.setTotal(total ?? 0);
      this.bar.update(pages_crawled, payload);
      return;
    }
    const line = `${job.status}: ${crawledPhrase(job)}, ${pages_failed} failed, ${pages_skipped} skipped`;
    if (line === this.lastLine) return;
    this.lastLine = line;
    this.stream.write(`[${Math.round((Date.now() - this.startedAt) / 1000)}s] ${line}\n`);
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}

function jobsTable(jobs: Job[]): string {
  return table(['ID', 'STATUS', 'MODE', 'CRAWLED', 'CREATED', 'URL'], jobs.map((job) => [job.id, job.status, job.mode, String(job.progress.pages_crawled), job.created_at.replace(/\.\d+Z$/, 'Z'), job.url]));
}

function pagesTable(entries: LedgerEntry[]): string {
  return table(['STATUS', 'REASON', 'DEPTH', 'URL'], entries.map((entry) => [entry.status, entry.reason ?? '-', String(entry.depth), entry.url]));
}

/** Columns padded to their widest value, the last (a URL) left as it is; nothing for no rows. */
function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  return all.map((row) => row.map((value, column) => (column === row.length - 1 ? value : value.padEnd(widths[column] ?? 0))).join('  ')).join('\n') + '\n';
}

function client(io: CliIO): CrawlClient {
  return new CrawlClient({ ...apiConnection(io.env), fetch: io.fetch });
}

function exitCodeOf(error: CrawlApiError): number {
  if (error.code === 'site_unreachable') return EXIT.siteUnreachable;
  if (error.status === 401) return EXIT.unauthorized;
  if (error.status === 402 || error.status === 429) return EXIT.quota;
  if (error.status >= 500) return EXIT.failed;
  return EXIT.refused;
}

/** The job's error with what it knows of the cause, e.g. `seed_fetch_failed: … (reason blocked_address)`. */
function jobFailure(job: Job): string {
  const details = Object.entries(job.error?.details ?? {}).filter(([name, value]) => name !== 'url' && value !== null && value !== undefined);
  const cause = details.length > 0 ? ` (${details.map(([name, value]) => `${name} ${String(value)}`).join(', ')})` : '';
  return `${job.error?.code ?? 'unknown'}: ${job.error?.message ?? ''}${cause}`;
}

function describeApiError(error: CrawlApiError): string {
  return `${error.code}: ${error.envelope.error.message}${error.detailLines().map((line) => `\n  ${line}`).join('')}`;
}

function describeFault(error: unknown, url: string): string {
  // fetch reports a connection it could not make as a TypeError whose cause says why
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    return `cannot reach the service at ${url} (${cause?.code ?? cause?.message ?? 'no answer'}); is it running (npm start)? Set CRAWL_API_URL to use another.`;
  }
  return (error as Error).message ?? String(error);
}
