/**
 * A typed client of the web crawl service API, with no dependency beyond `fetch`: it runs in Node
 * 20+, Deno, Bun and browsers. Its types are generated from the OpenAPI document
 * (`client/api-types.ts`, `npm run docs:api`), which is generated from the server's own schemas.
 *
 * ```ts
 * const client = new CrawlClient({ baseUrl: 'http://127.0.0.1:8787', apiKey });
 * const { document } = await client.crawl({ url: 'https://example.com/', mode: 'full', max_pages: 20 });
 * ```
 *
 * API versions: `/v1.1` is `/v1` plus the html, pdf and docx documents. Each request goes to the
 * oldest version that takes it (`apiVersionOf`), so a request `/v1` takes is sent exactly as before
 * and one asking for a PDF reaches `/v1.1` without the caller choosing a version.
 */
import type { components, operations } from './api-types.js';

type Schemas = components['schemas'];
export type CreateJobRequest = Schemas['CreateJobRequest'];
/** A `/v1.1` job request: `export_formats` may also list html, pdf and docx, and `pdf_paper` sets the PDF's paper. */
export type CreateJobRequestV1_1 = Schemas['CreateJobRequestV1_1'];
export type JobCreated = Schemas['JobCreated'];
export type Job = Schemas['Job'];
export type JobStatus = Job['status'];
export type JobList = Schemas['JobList'];
export type LedgerEntry = Schemas['LedgerEntry'];
export type LedgerPage = Schemas['LedgerPage'];
export type Usage = Schemas['Usage'];
export type Account = Schemas['Account'];
export type SitemapPreview = Schemas['SitemapPreview'];
export type ErrorEnvelope = Schemas['Error'];
export type ErrorCode = ErrorEnvelope['error']['code'];
/** The `export_formats` of `/v1`: markdown, text. */
export type ExportFormat = NonNullable<CreateJobRequest['export_formats']>[number];
/** The `export_formats` of `/v1.1`: markdown, text, html, pdf, docx. */
export type DocumentFormat = NonNullable<CreateJobRequestV1_1['export_formats']>[number];
/** What `getResult` can read: a job's documents, and `jsonl` (one record per page), which every job has. */
export type ResultFormat = NonNullable<NonNullable<operations['getJobResultV1_1']['parameters']['query']>['format']>;
export type ApiVersion = 'v1' | 'v1.1';
export type ListJobsQuery = NonNullable<operations['listJobs']['parameters']['query']>;
export type PreviewQuery = operations['previewSitemap']['parameters']['query'];

/** The mode a crawl takes when none is given (the CLI and the MCP server agree): `select` for a list of URLs, else `full`. */
export function defaultMode(urlsGiven: boolean): 'select' | 'full' {
  return urlsGiven ? 'select' : 'full';
}

/**
 * Each result format: the oldest API version that serves it, and whether it is bytes (read with
 * `getResultBytes`) rather than UTF-8 text (`getResult`). A unit test holds it to the service's lists.
 */
export const RESULT_FORMATS: Readonly<Record<ResultFormat, { since: ApiVersion; binary: boolean }>> = {
  markdown: { since: 'v1', binary: false },
  text: { since: 'v1', binary: false },
  html: { since: 'v1.1', binary: false },
  pdf: { since: 'v1.1', binary: true },
  docx: { since: 'v1.1', binary: true },
  jsonl: { since: 'v1', binary: false },
};

export type BinaryFormat = 'pdf' | 'docx';
/** A result format that is UTF-8 text: markdown, text, html, jsonl. */
export type TextFormat = Exclude<ResultFormat, BinaryFormat>;

export function isBinaryFormat(format: ResultFormat): format is BinaryFormat {
  return RESULT_FORMATS[format].binary;
}

/**
 * The oldest API version that takes a request: `/v1.1` for html, pdf or docx (as export formats or
 * the result asked for) or a `pdf_paper`, else `/v1`. A format neither version knows goes to
 * `/v1.1`, whose refusal lists every format there is.
 */
export function apiVersionOf(request: { formats?: readonly string[]; pdfPaper?: unknown }): ApiVersion {
  const inV1 = (format: string) => (RESULT_FORMATS as Record<string, { since: ApiVersion } | undefined>)[format]?.since === 'v1';
  return request.pdfPaper !== undefined || (request.formats ?? []).some((format) => !inV1(format)) ? 'v1.1' : 'v1';
}

/** One crawled page of a job's `jsonl` result, in crawl order; `markdown` and/or `text` as the job asked. */
export type PageRecord = Schemas['PageRecord'];

export const FINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'cancelled']);

/** The states of a page in a job's ledger (`pages()`): queued until it is crawled, failed or skipped. */
export const LEDGER_STATUSES = ['queued', 'crawled', 'failed', 'skipped'] as const satisfies ReadonlyArray<LedgerEntry['status']>;

/** An error answer of the API, with its envelope (CONTRACT 1). */
export class CrawlApiError extends Error {
  override readonly name = 'CrawlApiError';
  readonly code: ErrorCode;
  readonly details: ErrorEnvelope['error']['details'];
  readonly requestId: string;
  /** Seconds to wait, from `Retry-After` (429). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
    retryAfterSeconds?: number,
  ) {
    super(`${status} ${envelope.error.code}: ${envelope.error.message}`);
    this.code = envelope.error.code;
    this.details = envelope.error.details;
    this.requestId = envelope.error.request_id;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** `details` as lines to show under the message: one per offending field, or the object as JSON; a line that only repeats the message is left out. */
  detailLines(): string[] {
    if (!Array.isArray(this.details)) return this.details ? [JSON.stringify(this.details)] : [];
    const message = this.envelope.error.message;
    return this.details.map((issue) => `${issue.field ? `${issue.field}: ` : ''}${issue.message}`).filter((line) => line !== message);
  }
}

/** An answer that is not the API's (a proxy's error page, a network fault's remains). */
export class CrawlResponseError extends Error {
  override readonly name = 'CrawlResponseError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`unexpected answer ${status}: ${body.slice(0, 200)}`);
  }
}

export interface CrawlClientOptions {
  /** Where the API answers, e.g. `http://127.0.0.1:8787` or a stack's `ApiUrl` output. */
  baseUrl: string;
  apiKey: string;
  /** Times a 429 is retried after its `Retry-After` before it is thrown (default 3). */
  rateLimitRetries?: number;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called with the record after every poll. */
  onProgress?: (job: Job) => void;
  /** First wait between polls (default 500 ms); it grows by half each poll up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest wait between polls (default 5000 ms). */
  maxIntervalMs?: number;
  /** Give up after this long (default: never). */
  timeoutMs?: number;
}

export interface CrawlResult {
  job: Job;
  /** The document of a completed or cancelled job; undefined for a failed one. */
  document?: string;
}

export class CrawlClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CrawlClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Sent to `/v1.1` when it asks for html, pdf or docx or sets `pdf_paper`, else to `/v1` (see `apiVersionOf`). */
  createJob(request: CreateJobRequest | CreateJobRequestV1_1, signal?: AbortSignal): Promise<JobCreated> {
    const version = apiVersionOf({ formats: request.export_formats, pdfPaper: 'pdf_paper' in request ? request.pdf_paper : undefined });
    return this.json('POST', `/${version}/jobs`, { body: request, signal });
  }

  listJobs(query: ListJobsQuery = {}, signal?: AbortSignal): Promise<JobList> {
    return this.json('GET', `/v1/jobs${queryString(query)}`, { signal });
  }

  /** Every job of the caller, newest first, fetching pages as the loop goes. */
  async *jobs(query: Omit<ListJobsQuery, 'cursor'> = {}, signal?: AbortSignal): AsyncGenerator<Job> {
    let cursor: string | undefined;
    do {
      const page = await this.listJobs({ ...query, cursor }, signal);
      yield* page.jobs;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  getJob(id: string, signal?: AbortSignal): Promise<Job> {
    return this.json('GET', `/v1/jobs/${encodeURIComponent(id)}`, { signal });
  }

  cancelJob(id: string, signal?: AbortSignal): Promise<Job> {
    return this.json('DELETE', `/v1/jobs/${encodeURIComponent(id)}`, { signal });
  }

  /**
   * A text result of an ended job: markdown, text, html or jsonl (default the first of the job's
   * `export_formats`). A PDF or Word result throws a TypeError: read it with `getResultBytes`.
   */
  async getResult(id: string, options: { format?: TextFormat; signal?: AbortSignal } = {}): Promise<string> {
    return (await this.result(id, options.format, options.signal, { textOnly: true })).text();
  }

  /** Any result as bytes, as the service stored it: pdf and docx, or a text result to save unchanged. */
  async getResultBytes(id: string, options: { format?: ResultFormat; signal?: AbortSignal } = {}): Promise<Uint8Array> {
    return new Uint8Array(await (await this.result(id, options.format, options.signal, { textOnly: false })).arrayBuffer());
  }

  /** The `jsonl` result as records, one per crawled page in crawl order, parsed as the download arrives. */
  async *records(id: string, options: { signal?: AbortSignal } = {}): AsyncGenerator<PageRecord> {
    yield* jsonLines<PageRecord>(await this.result(id, 'jsonl', options.signal, { textOnly: true }));
  }

  /**
   * The answer that holds a result: the API's own, or the download its 303 points at (large
   * documents, and pdf and docx always). The download URL is fetched without the API key: it
   * carries its own signature, and must not leak the key.
   */
  private async result(id: string, format: ResultFormat | undefined, signal: AbortSignal | undefined, expect: { textOnly: boolean }): Promise<Response> {
    // unnamed, the format is the job's first, which may be one only /v1.1 describes
    const version = format === undefined ? 'v1.1' : apiVersionOf({ formats: [format] });
    const response = await this.send('GET', `/${version}/jobs/${encodeURIComponent(id)}/result${queryString({ format })}`, { signal, redirect: 'manual' });
    // the 303 names the download's media type too, so a PDF is refused before it is downloaded
    const mediaType = response.headers.get('content-type');
    if (expect.textOnly && mediaType && !isTextMediaType(mediaType)) {
      await response.body?.cancel();
      throw new TypeError(`the result of job ${id} is ${mediaType}, not text: read it with getResultBytes`);
    }
    const location = response.headers.get('location');
    if (response.status !== 303 || !location) return response;
    await response.body?.cancel();
    const download = await this.fetch(new URL(location, `${this.baseUrl}/`), { signal });
    if (!download.ok) throw new CrawlResponseError(download.status, await download.text());
    return download;
  }

  listPages(id: string, query: { limit?: number; cursor?: string } = {}, signal?: AbortSignal): Promise<LedgerPage> {
    return this.json('GET', `/v1/jobs/${encodeURIComponent(id)}/pages${queryString(query)}`, { signal });
  }

  /** The whole ledger of a job in crawl order, fetching pages as the loop goes. */
  async *pages(id: string, options: { pageSize?: number; signal?: AbortSignal } = {}): AsyncGenerator<LedgerEntry> {
    let cursor: string | undefined;
    do {
      const page = await this.listPages(id, { limit: options.pageSize, cursor }, options.signal);
      yield* page.pages;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  getUsage(signal?: AbortSignal): Promise<Usage> {
    return this.json('GET', '/v1/usage', { signal });
  }

  getAccount(signal?: AbortSignal): Promise<Account> {
    return this.json('GET', '/v1/account', { signal });
  }

  previewSitemap(query: PreviewQuery, signal?: AbortSignal): Promise<SitemapPreview> {
    return this.json('GET', `/v1/sitemap/preview${queryString(query)}`, { signal });
  }

  /**
   * Polls a job until it ends and returns its final record. The wait between polls starts at
   * `intervalMs` and grows to `maxIntervalMs`; `signal` stops the wait (the job goes on).
   */
  async waitForJob(id: string, options: WaitOptions = {}): Promise<Job> {
    const { signal, onProgress, intervalMs = 500, maxIntervalMs = 5000, timeoutMs } = options;
    const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
    let wait = intervalMs;
    for (;;) {
      const job = await this.getJob(id, signal);
      onProgress?.(job);
      if (FINAL_STATUSES.has(job.status)) return job;
      if (Date.now() + wait > deadline) throw new Error(`job ${id} is still ${job.status} after ${timeoutMs} ms`);
      await sleep(wait, signal);
      wait = Math.min(maxIntervalMs, Math.round(wait * 1.5));
    }
  }

  /**
   * Start, wait, get: creates the job, waits for it to end, and reads the document if there is one:
   * `format`, else the first of the request's `export_formats`. It returns text, so a request whose
   * first format is pdf or docx needs a text `format` (jsonl, which every job has, or another it lists);
   * the file itself is then `getResultBytes(job.id, { format: 'pdf' })`.
   */
  async crawl(
    request: CreateJobRequest | CreateJobRequestV1_1,
    options: WaitOptions & { format?: TextFormat; onCreated?: (job: JobCreated) => void } = {},
  ): Promise<CrawlResult> {
    const format = options.format ?? request.export_formats?.[0];
    // refused before the job is created: it would use quota for a document this method cannot return
    if (format !== undefined && isBinaryFormat(format)) {
      throw new TypeError(`crawl() returns text and ${format} is bytes: pass a text format (e.g. { format: 'jsonl' }), then read the ${format} with getResultBytes`);
    }
    const created = await this.createJob(request, options.signal);
    options.onCreated?.(created);
    const job = await this.waitForJob(created.id, options);
    if (job.status === 'failed') return { job };
    return { job, document: await this.getResult(job.id, { format, signal: options.signal }) };
  }

  /** The OpenAPI document the service serves (no authentication). */
  async openApiDocument(signal?: AbortSignal): Promise<Record<string, unknown>> {
    return this.json('GET', '/v1/openapi.json', { signal });
  }

  private async json<T>(method: string, path: string, init: { body?: unknown; signal?: AbortSignal }): Promise<T> {
    const response = await this.send(method, path, init);
    const text = await response.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CrawlResponseError(response.status, text);
    }
  }

  /** One request; a 429 is retried after its `Retry-After`, other errors are thrown as CrawlApiError. */
  private async send(method: string, path: string, init: { body?: unknown; signal?: AbortSignal; redirect?: RequestInit['redirect'] }): Promise<Response> {
    const retries = this.options.rateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        redirect: init.redirect ?? 'follow',
        signal: init.signal,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json, text/markdown, text/plain, text/html, application/x-ndjson',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (response.status < 400) return response;
      const error = await apiError(response);
      if (error instanceof CrawlApiError && error.status === 429 && attempt < retries) {
        await sleep((error.retryAfterSeconds ?? 1) * 1000, init.signal);
        continue;
      }
      throw error;
    }
  }
}

async function apiError(response: Response): Promise<CrawlApiError | CrawlResponseError> {
  const text = await response.text();
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return new CrawlResponseError(response.status, text);
  }
  if (!isEnvelope(envelope)) return new CrawlResponseError(response.status, text);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new CrawlApiError(response.status, envelope, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

/** Text results are `text/*` (markdown, text, html) or JSON Lines; pdf and docx are not. */
function isTextMediaType(mediaType: string): boolean {
  return /^(text\/|application\/x-ndjson)/i.test(mediaType);
}

/** One parsed value per line of a JSON Lines body, as its bytes arrive; stopping early cancels the rest. */
async function* jsonLines<T>(response: Response): AsyncGenerator<T> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // search only the new text: a page's record can be megabytes long
      const searchFrom = buffered.length;
      buffered += value;
      let newline = buffered.indexOf('\n', searchFrom);
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.trim() !== '') yield JSON.parse(line) as T;
        newline = buffered.indexOf('\n');
      }
    }
    if (buffered.trim() !== '') yield JSON.parse(buffered) as T;
  } finally {
    await reader.cancel();
  }
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
