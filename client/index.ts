/**
 * A typed client of the web crawl service API, with no dependency beyond `fetch`: it runs in Node
 * 20+, Deno, Bun and browsers. Its types are generated from the OpenAPI document
 * (`client/api-types.ts`, `npm run docs:api`), which is generated from the server's own schemas.
 *
 * ```ts
 * const client = new CrawlClient({ baseUrl: 'http://127.0.0.1:8787', apiKey });
 * const { document } = await client.crawl({ url: 'https://example.com/', mode: 'full', max_pages: 20 });
 * ```
 */
import type { components, operations } from './api-types.js';

type Schemas = components['schemas'];
export type CreateJobRequest = Schemas['CreateJobRequest'];
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
export type ExportFormat = NonNullable<CreateJobRequest['export_formats']>[number];
export type ListJobsQuery = NonNullable<operations['listJobs']['parameters']['query']>;
export type PreviewQuery = operations['previewSitemap']['parameters']['query'];

/** The mode a crawl takes when none is given (the CLI and the MCP server agree): `select` for a list of URLs, else `full`. */
export function defaultMode(urlsGiven: boolean): 'select' | 'full' {
  return urlsGiven ? 'select' : 'full';
}

export const FINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'cancelled']);

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

  createJob(request: CreateJobRequest, signal?: AbortSignal): Promise<JobCreated> {
    return this.json('POST', '/v1/jobs', { body: request, signal });
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
   * The document of an ended job. Large documents answer 303 to a presigned download URL, which
   * is fetched without the API key (it carries its own signature, and must not leak the key).
   */
  async getResult(id: string, options: { format?: ExportFormat; signal?: AbortSignal } = {}): Promise<string> {
    const response = await this.send('GET', `/v1/jobs/${encodeURIComponent(id)}/result${queryString({ format: options.format })}`, { signal: options.signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status === 303 && location) {
      await response.body?.cancel();
      const download = await this.fetch(new URL(location, `${this.baseUrl}/`), { signal: options.signal });
      if (!download.ok) throw new CrawlResponseError(download.status, await download.text());
      return download.text();
    }
    return response.text();
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

  /** Start, wait, get: creates the job, waits for it to end, and reads the document if there is one. */
  async crawl(request: CreateJobRequest, options: WaitOptions & { format?: ExportFormat; onCreated?: (job: JobCreated) => void } = {}): Promise<CrawlResult> {
    const created = await this.createJob(request, options.signal);
    options.onCreated?.(created);
    const job = await this.waitForJob(created.id, options);
    if (job.status === 'failed') return { job };
    return { job, document: await this.getResult(job.id, { format: options.format, signal: options.signal }) };
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
          accept: 'application/json, text/markdown, text/plain',
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
