/**
 * The MCP server (CONTRACT 9): tools that let an agent preview a site, crawl it and read jobs and
 * usage, through the TypeScript client. Input schemas are built from the request schemas the API
 * validates with (lambdas/domain/job-request.ts), so an agent sees the same fields, rules and texts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CrawlApiError, LEDGER_STATUSES, defaultMode, isBinaryFormat, type CrawlClient, type CreateJobRequestV1_1, type Job, type TextFormat } from '../client/index.js';
import { BINARY_FORMATS, DOCUMENT_FORMATS, RESULT_FORMATS } from '../lambdas/domain/formats.js';
import { commonShapeOf, concurrencySchema, exportFormatSchema, fullOnlyShape, modeSchema, publicHttpsUrlSchema } from '../lambdas/domain/job-request.js';
import { crawledPhrase, progressMeasure } from '../lambdas/domain/job-progress.js';
import { MAX_SELECT_URLS, PREVIEW_LIMIT_MAX } from '../lambdas/domain/limits.js';
import { documentWindow, windowNote } from './window.js';

/** What the crawl tool returns unless asked for more: about 25k tokens. */
export const DEFAULT_MAX_CHARS = 100_000;
const MAX_CHARS_LIMIT = 2_000_000;

/** The schema, optional, without its default: the API fills defaults, and only for the fields of the mode. */
function optional(schema: z.ZodType): z.ZodType {
  const inner = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
  return inner.optional().meta(schema.meta() ?? {});
}

const MIN_CHARS = 1_000;
/** The range, in words, for the descriptions an agent reads. */
const CHARS_RANGE = `${MIN_CHARS.toLocaleString('en')} to ${MAX_CHARS_LIMIT.toLocaleString('en')}, default ${DEFAULT_MAX_CHARS.toLocaleString('en')}`;

const maxCharsInput = z
  .int()
  .min(MIN_CHARS)
  .max(MAX_CHARS_LIMIT)
  .optional()
  .meta({ description: `At most this many characters (${CHARS_RANGE}).` });

/**
 * Every field of a job request, one flat object: the API names any field the mode does not take.
 * Fields added to the shared or full-mode shapes appear here without further work. Those of `/v1`:
 * the one `/v1.1` adds, `pdf_paper`, is for a PDF, which this server does not make.
 */
const commonShape = commonShapeOf('v1');

/**
 * An agent reads text: of `/v1.1`'s documents it may ask for markdown, text and html. PDF and Word
 * files are for people, made with the CLI or the API; a crawl here would spend quota on a file the
 * agent could neither read nor hand on.
 */
const TEXT_DOCUMENT_FORMATS = DOCUMENT_FORMATS.filter((format) => !BINARY_FORMATS.has(format));
const textDocumentFormat = exportFormatSchema('v1.1').extract(TEXT_DOCUMENT_FORMATS, {
  error: `must be ${TEXT_DOCUMENT_FORMATS.slice(0, -1).join(', ')} or ${TEXT_DOCUMENT_FORMATS.at(-1)}: pdf and docx are files for people, not text to read here; make them with the CLI (crawl <url> --format pdf -o FILE) or the API (POST /v1.1/jobs)`,
});
const TEXT_RESULT_FORMATS = RESULT_FORMATS.filter((format): format is TextFormat => !BINARY_FORMATS.has(format));

const crawlInput = {
  ...Object.fromEntries(Object.entries({ ...commonShape, ...fullOnlyShape, concurrency: concurrencySchema }).map(([name, schema]) => [name, optional(schema)])),
  url: commonShape.url,
  mode: modeSchema
    .optional()
    .meta({ description: '`single`: the page alone; `select`: the listed `urls`; `full`: the site breadth-first from `url`. Default, as in the CLI: `select` when `urls` are given, else `full`.' }),
  urls: z
    .array(publicHttpsUrlSchema)
    .min(1)
    .max(MAX_SELECT_URLS)
    .optional()
    .meta({ description: 'select only: the pages to crawl, on the same site as `url` (e.g. from preview_site).' }),
  // the API checks the list before its entries; an agent is better served by the entries' rule
  export_formats: z
    .array(textDocumentFormat)
    .min(1)
    .optional()
    .meta({ description: 'markdown (default), text or html (one self-contained page); the first is returned. PDF and Word files are not made here.' }),
  max_chars: maxCharsInput.meta({
    description: `Return at most this many characters of the document (${CHARS_RANGE}); a cut document says at its end how to read on with get_result.`,
  }),
};

const jobIdSchema = z.uuid().meta({ description: 'The job id, as crawl or get_job returned it.' });
/**
 * get_job's input: `job_id`, the name every other tool uses. `id`, its first name, is still read,
 * so agents configured with it keep working; given both, they must agree.
 */
const getJobInput = {
  job_id: jobIdSchema.optional().meta({ description: 'The job id, as crawl returned it.' }),
  id: jobIdSchema.optional().meta({ description: 'The former name of job_id, still accepted.' }),
};

export function createMcpServer(client: CrawlClient): McpServer {
  const server = new McpServer({ name: 'web-crawl-service', version: '1.0.0' });
  registerPreview(server, client);
  registerCrawl(server, client);
  registerJobReading(server, client);
  return server;
}

function registerPreview(server: McpServer, client: CrawlClient): void {
  server.registerTool(
    'preview_site',
    {
      title: 'Preview a site',
      description:
        "Lists a site's pages from its sitemaps (or the links of the given page when it has none), to choose from before a select crawl. Costs no quota; 20 previews a minute.",
      inputSchema: {
        url: publicHttpsUrlSchema.meta({ description: 'The site, usually its home page.' }),
        limit: z.int().min(1).max(PREVIEW_LIMIT_MAX).optional().meta({ description: 'At most this many URLs.' }),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ url, limit }, extra) =>
      answer(async () => {
        const preview = await client.previewSitemap({ url, limit }, extra.signal);
        const summary = `${preview.count} URLs from ${preview.source === 'sitemap' ? 'the sitemaps' : 'the links of the page'}${preview.capped ? ` (cut at limit ${limit})` : ''}; ${preview.assets_filtered} asset URLs left out.`;
        return [summary, ...preview.urls].join('\n');
      }),
  );
}

function registerCrawl(server: McpServer, client: CrawlClient): void {
  server.registerTool(
    'crawl',
    {
      title: 'Crawl pages into one document',
      description:
        'Runs a crawl job and waits for it (progress notifications as pages are crawled), then returns the document: one section per page, `URL:` and `Title:` first, sections separated by a line `---` (html: one self-contained page with a section per page). Uses the monthly page quota.',
      inputSchema: crawlInput,
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async (args, extra) =>
      answer(async () => {
        const { max_chars: maxChars = DEFAULT_MAX_CHARS, ...fields } = args;
        // checked by the API, which names any field the mode does not take
        const request = Object.fromEntries(
          Object.entries({ ...fields, mode: fields.mode ?? defaultMode(fields.urls !== undefined) }).filter(([, value]) => value !== undefined),
        ) as unknown as CreateJobRequestV1_1;
        const progressToken = extra._meta?.progressToken;
        let jobId: string | undefined;
        try {
          const { job, document } = await client.crawl(request, {
            signal: extra.signal,
            onCreated: (created) => (jobId = created.id),
            onProgress: (record) => {
              if (progressToken === undefined) return;
              void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...progressOf(record) } });
            },
          });
          if (document === undefined) throw new JobFailed(job);
          return `${jobSummary(job)}\n\n${bounded(document, maxChars, job.id)}`;
        } catch (error) {
          // the agent gave up on the call: the crawl it started stops too
          if (extra.signal.aborted && jobId) await client.cancelJob(jobId).catch(() => undefined);
          throw error;
        }
      }),
  );
}

/** The tools that read what a job has: its record, its documents, its ledger; and the month's usage. */
function registerJobReading(server: McpServer, client: CrawlClient): void {
  server.registerTool(
    'get_job',
    {
      title: 'Get a job',
      description: 'The record of a crawl job: status, progress counters, error, quota reserved and charged.',
      inputSchema: getJobInput,
      annotations: { readOnlyHint: true },
    },
    async ({ job_id: jobId, id }, extra) =>
      answer(async () => {
        if (jobId !== undefined && id !== undefined && jobId !== id) throw new Error('job_id and id name different jobs: give job_id alone (id is its former name)');
        const named = jobId ?? id;
        if (named === undefined) throw new Error('get_job needs job_id: the id crawl returned');
        return JSON.stringify(await client.getJob(named, extra.signal), null, 2);
      }),
  );

  server.registerTool(
    'get_result',
    {
      title: "Read a job's document",
      description:
        "A window of a finished job's document by character offset, without crawling again: how to read the rest of a document crawl cut at max_chars, or the job's other formats. The note after the window gives the total length and the next offset.",
      inputSchema: {
        job_id: jobIdSchema,
        format: z
          .enum(TEXT_RESULT_FORMATS)
          .optional()
          .meta({
            description:
              "One of the job's export_formats, or jsonl: one JSON object per crawled page (url, final_url, title, depth, fetched_at, markdown and/or text), which every job has. Default: the job's first text format, else jsonl.",
          }),
        offset: z.int().min(0).optional().meta({ description: 'The first character to return (default 0), e.g. the next offset a cut document named.' }),
        max_chars: maxCharsInput,
      },
      annotations: { readOnlyHint: true },
    },
    async ({ job_id: jobId, format, offset = 0, max_chars: maxChars = DEFAULT_MAX_CHARS }, extra) =>
      answer(async () => {
        const document = await client.getResult(jobId, { format: format ?? textFormatOf(await client.getJob(jobId, extra.signal)), signal: extra.signal });
        if (offset > document.length) throw new Error(`offset ${offset} is past the end of the document (${document.length} characters)`);
        const window = documentWindow(document, offset, maxChars);
        return `${window.text}\n\n${windowNote(jobId, document, offset, window, format)}`;
      }),
  );

  server.registerTool(
    'list_pages',
    {
      title: "List a job's pages",
      description: "A job's pages in crawl order, each with its status, the reason it failed or was skipped (`http_404`, `robots_disallowed`, `timeout`, …) and its depth: one JSON object a line.",
      inputSchema: {
        job_id: jobIdSchema,
        status: z.enum(LEDGER_STATUSES).optional().meta({ description: 'Only the pages in this state, e.g. `failed` to see why pages failed.' }),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ job_id: jobId, status }, extra) =>
      answer(async () => {
        const lines: string[] = [];
        for await (const entry of client.pages(jobId, { signal: extra.signal })) {
          if (status === undefined || entry.status === status) lines.push(JSON.stringify({ url: entry.url, status: entry.status, reason: entry.reason, depth: entry.depth }));
        }
        if (lines.length > 0) return lines.join('\n');
        return status ? `No ${status} pages.` : 'No pages yet.';
      }),
  );

  server.registerTool(
    'get_usage',
    {
      title: 'Get usage',
      description: "This month's page allowance, pages used and reserved, and pages remaining (UTC calendar month).",
      annotations: { readOnlyHint: true },
    },
    async (extra) => answer(async () => JSON.stringify(await client.getUsage(extra.signal), null, 2)),
  );
}

/** What get_result reads by default: the job's first text document (its own default unless that is a file), else jsonl. */
function textFormatOf(job: Job): TextFormat {
  for (const format of job.export_formats) if (!isBinaryFormat(format)) return format;
  return 'jsonl';
}

class JobFailed extends Error {
  constructor(readonly job: Job) {
    super(`job ${job.id} failed: ${job.error?.code ?? 'unknown'}: ${job.error?.message ?? ''}${job.error?.details ? ` ${JSON.stringify(job.error.details)}` : ''}`);
  }
}

/** A tool's text, or its failure as an error result the agent can read and act on. */
async function answer(produce: () => Promise<string>): Promise<CallToolResult> {
  try {
    return { content: [{ type: 'text', text: await produce() }] };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: describe(error) }] };
  }
}

function describe(error: unknown): string {
  if (error instanceof CrawlApiError) return `${error.status} ${error.code}: ${error.envelope.error.message}${error.detailLines().map((line) => `\n- ${line}`).join('')}`;
  return (error as Error).message ?? String(error);
}

/** Pages done of the job's size when it is known; a running full crawl has none, as max_pages is only its limit. */
function progressOf(job: Job): { progress: number; total?: number; message: string } {
  const { done, total } = progressMeasure(job);
  const { pages_failed, pages_skipped } = job.progress;
  return { progress: done, ...(total === undefined ? {} : { total }), message: `${job.status}: ${crawledPhrase(job)}, ${pages_failed} failed, ${pages_skipped} skipped` };
}

function jobSummary(job: Job): string {
  const { pages_crawled, pages_failed, pages_skipped } = job.progress;
  const why = pages_failed + pages_skipped > 0 ? ` list_pages with its job_id says why pages failed or were skipped.` : '';
  return `Job ${job.id} ${job.status}: ${pages_crawled} pages crawled, ${pages_failed} failed, ${pages_skipped} skipped.${why}`;
}

/** The document, or its beginning and a note saying how to read the rest. */
function bounded(document: string, maxChars: number, jobId: string): string {
  const window = documentWindow(document, 0, maxChars);
  return window.nextOffset === undefined ? document : `${window.text}\n\n${windowNote(jobId, document, 0, window)}`;
}
