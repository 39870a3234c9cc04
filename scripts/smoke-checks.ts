/**
 * The first-run checks, against any deployment of the service: the local runtime `npm start` runs,
 * or a stack `cdk deploy` made. Each check is a user's step; one that fails is said and the rest go
 * on where they can.
 */

export interface SmokeTarget {
  /** The API's base URL: `http://127.0.0.1:8787`, or the stack's `ApiUrl` output. */
  apiUrl: string;
  apiKey: string;
  /** The site crawled: its home page. */
  site: string;
  /** Extra expectations where the site is known (the local first run's own site). */
  expect?: {
    previewUrls: string[];
    documentHolds: string[];
    /** The ledger's pages in order, with whether each was rendered in the browser. */
    ledger: Array<[string, boolean]>;
  };
  /** How long a job may take. */
  jobTimeoutMs: number;
}

export interface CheckResult {
  name: string;
  passed: boolean;
  detail: string;
  seconds: number;
}

class CheckFailed extends Error {}

function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

type Json = Record<string, unknown>;

/** The calls a check makes, with the key, relative to the API's base URL. */
function client(target: SmokeTarget) {
  const base = target.apiUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${target.apiKey}` };
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // not JSON: the document itself
    }
    return { status: response.status, text, json };
  };
  const bytes = async (route: string) => {
    const response = await fetch(`${base}${route}`, { headers: auth });
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const answered = (what: string, status: number, json: Json) => `${what} answered ${status}${json.error ? ` (${JSON.stringify(json.error)})` : ''}`;
  const finishedJob = async (version: string, request: Json): Promise<{ id: string; job: Json }> => {
    const created = await call('POST', `/${version}/jobs`, request);
    expectThat(created.status === 202, answered(`POST /${version}/jobs`, created.status, created.json));
    const id = String(created.json.id);
    const deadline = Date.now() + target.jobTimeoutMs;
    for (;;) {
      const { json } = await call('GET', `/v1/jobs/${id}`);
      if (['completed', 'failed', 'cancelled'].includes(String(json.status))) return { id, job: json };
      expectThat(Date.now() < deadline, `job ${id} still ${String(json.status)} after ${target.jobTimeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  return { call, bytes, answered, finishedJob };
}

/** The checks, in a new user's order: each is named, run, and says what it saw. */
function checks(target: SmokeTarget) {
  const api = client(target);
  let crawlId: string | undefined;
  const crawled = () => {
    expectThat(crawlId, 'skipped: the crawl did not complete');
    return crawlId;
  };
  return [
    {
      name: 'health',
      run: async () => {
        const { status, json } = await api.call('GET', '/v1/account');
        expectThat(status === 200, api.answered('GET /v1/account', status, json));
        return `the API answers and takes the key (user ${String(json.user_id)}, plan ${String(json.plan)})`;
      },
    },
    {
      name: 'openapi',
      run: async () => {
        const { status, json } = await api.call('GET', '/v1/openapi.json');
        expectThat(status === 200 && String(json.openapi).startsWith('3.1'), api.answered('GET /v1/openapi.json', status, json));
        const paths = Object.keys((json.paths ?? {}) as Json);
        expectThat(paths.includes('/v1/jobs'), 'the document describes no /v1/jobs');
        return `OpenAPI ${String(json.openapi)}, ${paths.length} paths`;
      },
    },
    {
      name: 'preview',
      run: async () => {
        const { status, json } = await api.call('GET', `/v1/sitemap/preview?url=${encodeURIComponent(target.site)}`);
        expectThat(status === 200 && Array.isArray(json.urls), api.answered('GET /v1/sitemap/preview', status, json));
        if (target.expect) expectThat(JSON.stringify(json.urls) === JSON.stringify(target.expect.previewUrls), `the preview listed ${JSON.stringify(json.urls)}`);
        return `${(json.urls as unknown[]).length} URL(s) from the ${String(json.source)}`;
      },
    },
    {
      // Before the crawl: on a fresh machine, the document worker is then the one that unpacks the browser.
      name: 'pdf',
      run: async () => {
        const { id, job } = await api.finishedJob('v1.1', { url: target.site, mode: 'single', export_formats: ['pdf'], check_tos: false });
        expectThat(job.status === 'completed' && job.document_failures === undefined, `the /v1.1 job ended ${String(job.status)} ${JSON.stringify(job.error ?? job.document_failures ?? '')}`);
        const pdf = await api.bytes(`/v1.1/jobs/${id}/result?format=pdf`);
        expectThat(pdf.status === 200 && Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1') === '%PDF-', `GET …/result?format=pdf answered ${pdf.status}, not a PDF`);
        return `a /v1.1 job printed a ${pdf.bytes.length}-byte PDF`;
      },
    },
    {
      name: 'crawl',
      run: async () => {
        const { id, job } = await api.finishedJob('v1', { url: target.site, mode: 'full', max_depth: 1, max_pages: 5, render: 'auto', check_tos: false });
        expectThat(job.status === 'completed', `the crawl ended ${String(job.status)} ${JSON.stringify(job.error ?? '')}`);
        crawlId = id;
        const progress = (job.progress ?? {}) as Json;
        return `job ${id} completed: ${String(progress.pages_crawled)} page(s) crawled, ${String(progress.pages_failed)} failed`;
      },
    },
    {
      name: 'document',
      run: async () => {
        const { status, text, json } = await api.call('GET', `/v1/jobs/${crawled()}/result`);
        expectThat(status === 200, api.answered('GET …/result', status, json));
        for (const words of target.expect?.documentHolds ?? ['URL: ']) expectThat(text.includes(words), `the document lacks "${words}"`);
        return `${Buffer.byteLength(text)} bytes, ${(text.match(/^URL: /gm) ?? []).length} section(s)`;
      },
    },
    {
      name: 'ledger',
      run: async () => {
        const { status, json } = await api.call('GET', `/v1/jobs/${crawled()}/pages`);
        expectThat(status === 200 && Array.isArray(json.pages), api.answered('GET …/pages', status, json));
        const pages = json.pages as Array<{ url: string; status: string; rendered?: boolean }>;
        if (target.expect) {
          const seen = pages.map((page) => [page.url, page.rendered === true]);
          expectThat(JSON.stringify(seen) === JSON.stringify(target.expect.ledger), `the ledger holds ${JSON.stringify(seen)}`);
        }
        expectThat(pages.length > 0, 'the ledger is empty');
        return pages.map((page) => `${page.url} ${page.status}${page.rendered ? ' (rendered)' : ''}`).join(', ');
      },
    },
  ];
}

/** Runs every check in order, telling each result as it comes. */
export async function runSmokeChecks(target: SmokeTarget, report: (result: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks(target)) {
    const started = Date.now();
    let result: CheckResult;
    try {
      result = { name: check.name, passed: true, detail: await check.run(), seconds: (Date.now() - started) / 1000 };
    } catch (error) {
      result = { name: check.name, passed: false, detail: error instanceof CheckFailed ? error.message : `${(error as Error).name}: ${(error as Error).message}`, seconds: (Date.now() - started) / 1000 };
    }
    results.push(result);
    report(result);
  }
  return results;
}

export function formatCheck(result: CheckResult): string {
  return `${result.passed ? 'PASS' : 'FAIL'}  ${result.name.padEnd(8)} ${result.detail} (${result.seconds.toFixed(1)} s)`;
}

export function formatTotal(results: CheckResult[]): string {
  const passed = results.filter((result) => result.passed).length;
  return `${passed} passed, ${results.length - passed} failed`;
}
