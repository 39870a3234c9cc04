import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalRuntime, type LocalCode } from '../../local/runtime.js';
import type { CfnTemplate } from '../../local/template.js';
import { OpenApiChecker } from './openapi.js';

export interface TestUser {
  user_id: string;
  api_key: string;
  plan: 'free' | 'pro' | 'enterprise';
  monthly_pages: number;
}

export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

/**
 * The local runtime in this test process, on a fresh data directory, with seeded users and the
 * fixture hosts pinned to loopback (CONTRACT 8). One per test file: it owns the process's AWS
 * environment variables.
 */
export async function startTestRuntime(options: {
  users: TestUser[];
  hostOverrides?: string;
  queueVisibilitySeconds?: number;
  pageLeaseSeconds?: number;
  log?: (line: string) => void;
  /** Handlers in worker threads (as `npm start` runs them); by default in this thread, where `vi.mock` reaches them. */
  lambdaThreads?: number;
  /** The state machine's own Wait between two checks of a level, as in the cloud; by default tests shorten it to 100 ms. */
  ownLevelWaits?: boolean;
  /** The functions' code: CRAWL_LOCAL_CODE's (CI runs the document and rendering tests on the bundles too), else the source. */
  code?: LocalCode;
  /** Changes the synthesized template before the runtime reads it (a grant taken out). */
  adjustTemplate?: (template: CfnTemplate) => void;
}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-runtime-'));
  const usersFile = path.join(dataDir, 'users.json');
  await writeFile(usersFile, JSON.stringify(options.users));
  if (options.hostOverrides) process.env.CRAWL_HOST_OVERRIDES = options.hostOverrides;
  if (options.pageLeaseSeconds) process.env.CRAWL_PAGE_LEASE_SECONDS = String(options.pageLeaseSeconds);
  const runtime = await startLocalRuntime({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    seedUsersFile: usersFile,
    levelPollMs: options.ownLevelWaits ? undefined : 100,
    queueVisibilitySeconds: options.queueVisibilitySeconds,
    pollersPerQueue: 20,
    lambdaThreads: options.lambdaThreads ?? 0,
    code: options.code ?? (process.env.CRAWL_LOCAL_CODE === 'bundled' ? 'bundled' : 'source'),
    adjustTemplate: options.adjustTemplate,
    log: options.log ?? (process.env.CRAWL_TEST_LOG ? (line) => console.log(line) : () => undefined),
  });

  const openApi = new OpenApiChecker();

  /**
   * `fetch`, with every answer of the API checked against the OpenAPI document: a mismatch throws,
   * failing the test. Other origins (download URLs of the object store) are not the API's.
   */
  const checkedFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== new URL(runtime.url).origin || !isApiPath(url.pathname)) return response;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const text = await response.clone().text();
    const problems = openApi.problems({ method, path: `${url.pathname}${url.search}`, status: response.status, headers: response.headers, text });
    if (problems.length > 0) throw new Error(`the answer does not match the OpenAPI document:\n${problems.join('\n')}`);
    return response;
  };

  /** `key` sends `Authorization: Bearer <key>`; `headers` are sent as they are (for malformed ones). */
  const request = async (method: string, route: string, init: { key?: string; body?: unknown; redirect?: 'follow' | 'manual'; headers?: Record<string, string> } = {}) => {
    let response = await checkedFetch(`${runtime.url}${route}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    let text = await response.text();
    const location = response.headers.get('location');
    if (init.redirect !== 'manual' && response.status >= 300 && response.status < 400 && location) {
      // a download URL of the object store, outside the API and its document
      response = await fetch(new URL(location, runtime.url));
      text = await response.text();
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json: json as Record<string, unknown> & { error?: { code: string; message: string; details?: unknown } } };
  };

  /** Polls a job until it ends (or the time runs out). */
  const waitForJob = async (key: string, jobId: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { json } = await request('GET', `/v1/jobs/${jobId}`, { key });
      if (['completed', 'failed', 'cancelled'].includes(String(json.status))) return json;
      if (Date.now() > deadline) throw new Error(`job ${jobId} still ${String(json.status)} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  return {
    url: runtime.url,
    host: runtime.host,
    /** The bundles the functions run, in the bundled mode. */
    assembly: runtime.assembly,
    /** The runtime's data directory (the admin CLI finds the running runtime through it). */
    dataDir,
    request,
    /** `fetch` that checks the API's answers against the OpenAPI document (for clients under test). */
    fetch: checkedFetch,
    waitForJob,
    async close() {
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The local runtime's /health and the web console's page and files are not the API the document describes. */
function isApiPath(pathname: string): boolean {
  return pathname !== '/health' && pathname !== '/' && !pathname.startsWith('/console/');
}
