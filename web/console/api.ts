import type { DocumentFormat, PaperSize, ResultFormat } from '../../lambdas/domain/formats.js';

/** The service's HTTP API as the console uses it: Bearer key, JSON bodies, the error envelope. */

/**
 * Every call goes to `/v1.1`: it serves every `/v1` route with the same handlers and adds the
 * HTML, PDF and Word documents, and the console is served by the same API, so it never meets a
 * service without it. One version also reads any job in the recent list, whichever version created it.
 */
const VERSION = 'v1.1';

export interface PreviewResult {
  urls: string[];
  source: 'sitemap' | 'shallow_crawl';
  count: number;
  capped: boolean;
  assets_filtered: number;
}

export interface Usage {
  period: string;
  allowance: number;
  used: number;
  reserved: number;
  remaining: number;
}

export interface Job {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  url: string;
  mode: 'single' | 'select' | 'full';
  export_formats: DocumentFormat[];
  pdf_paper?: PaperSize;
  max_pages: number;
  pages_total?: number;
  progress: { pages_crawled: number; pages_failed: number; pages_skipped: number };
  cancel_requested: boolean;
  error: { code: string; message: string; details?: Record<string, unknown> } | null;
  created_at: string;
}

export interface JobList {
  jobs: Job[];
  next_cursor: string | null;
}

/** A request the service refused, in the words of its error envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A sentence for the person at the screen: the envelope's message, and each field's rule it leaves out. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof ApiFailure)) {
    return error instanceof TypeError ? 'The service could not be reached. Check your connection and try again.' : String(error instanceof Error ? error.message : error);
  }
  const sentence = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  const fields = Array.isArray(error.details)
    ? (error.details as Array<{ field?: string; message?: string }>)
        .map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : String(issue.message)))
        .filter((issue) => !error.message.includes(issue))
    : [];
  return [`${sentence}${/[.!?]$/.test(sentence) ? '' : '.'}`, ...fields.map((issue) => `${issue}.`)].join(' ') + ` (${error.code})`;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const text = await response.text();
  try {
    const { error } = JSON.parse(text) as { error: { code: string; message: string; details?: unknown } };
    return new ApiFailure(response.status, error.code, error.message, error.details);
  } catch {
    return new ApiFailure(response.status, `http_${response.status}`, `The service answered ${response.status} ${response.statusText}`);
  }
}

export class ApiClient {
  constructor(private readonly key: () => string) {}

  /**
   * Paths are relative (`v1.1/jobs`), so the console works under a stage prefix (`/prod/`) as well as
   * at the root of the local runtime.
   */
  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const key = this.key();
    if (!key) throw new ApiFailure(401, 'unauthorized', 'Type your API key first');
    const response = await fetch(new URL(`${VERSION}/${path}`, document.baseURI), {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await failureOf(response);
    return response;
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await this.send(method, path, body)).json()) as T;
  }

  preview(url: string, limit: number): Promise<PreviewResult> {
    return this.json('GET', `sitemap/preview?${new URLSearchParams({ url, limit: String(limit) })}`);
  }

  usage(): Promise<Usage> {
    return this.json('GET', 'usage');
  }

  createJob(body: Record<string, unknown>): Promise<{ id: string }> {
    return this.json('POST', 'jobs', body);
  }

  job(id: string): Promise<Job> {
    return this.json('GET', `jobs/${encodeURIComponent(id)}`);
  }

  cancel(id: string): Promise<Job> {
    return this.json('DELETE', `jobs/${encodeURIComponent(id)}`);
  }

  jobs(limit: number): Promise<JobList> {
    return this.json('GET', `jobs?${new URLSearchParams({ limit: String(limit) })}`);
  }

  /**
   * The document. fetch follows the 303 that large documents, and every PDF and Word document,
   * answer with to a presigned download URL: the browser leaves the Authorization header behind on
   * that cross-origin hop, and the bucket answers CORS GET from any origin.
   */
  async result(id: string, format: ResultFormat): Promise<Blob> {
    return (await this.send('GET', `jobs/${encodeURIComponent(id)}/result?format=${format}`)).blob();
  }
}
