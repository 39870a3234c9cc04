import { Duration } from 'aws-cdk-lib';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ENV } from '../lambdas/data/env.js';
import { API_VERSIONS } from '../lambdas/domain/formats.js';
import type { ApiRoute, CrawlApiProps } from './api.js';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';
import { UNSUPPORTED_ROUTES } from '../lambdas/firecrawl/unsupported.js';

/**
 * The API's functions, each with the access its route needs, and the routes they serve. Made in
 * the stack's scope (their logical ids are the deployed ones).
 */
export function apiFunctions(scope: Construct, bind: Bindings, stateMachine: sfn.IStateMachine): Pick<CrawlApiProps, 'authorizer' | 'routes'> {
  const fn = (id: string, handler: string, description: string, options: { timeout?: Duration; memorySize?: number } = {}) =>
    new CrawlFunction(scope, id, { handler, description, ...options });

  const authorizer = fn('AuthorizerFunction', 'authorizer', 'Checks Bearer API keys against stored hashes');
  bind.table(authorizer, 'apiKeys', 'RO');
  bind.table(authorizer, 'users', 'RO');

  const createJob = fn('CreateJobFunction', 'jobs-create', 'POST /v1/jobs');
  createsJobs(createJob, bind, stateMachine);

  const listJobs = fn('ListJobsFunction', 'jobs-list', 'GET /v1/jobs');
  bind.table(listJobs, 'jobs', 'RO');
  const getJob = fn('GetJobFunction', 'jobs-get', 'GET /v1/jobs/{id}');
  bind.table(getJob, 'jobs', 'RO');
  const cancelJob = fn('CancelJobFunction', 'jobs-cancel', 'DELETE /v1/jobs/{id}');
  bind.table(cancelJob, 'jobs', 'RW');
  const getResult = fn('GetResultFunction', 'jobs-result', 'GET /v1/jobs/{id}/result', { memorySize: 1024 });
  bind.table(getResult, 'jobs', 'RO');
  bind.bucket(getResult, 'RO');
  const listPages = fn('ListPagesFunction', 'jobs-pages', 'GET /v1/jobs/{id}/pages');
  bind.table(listPages, 'jobs', 'RO');
  bind.table(listPages, 'pages', 'RO');
  const getUsage = fn('GetUsageFunction', 'usage-get', 'GET /v1/usage');
  bind.table(getUsage, 'usage', 'RO');
  const getAccount = fn('GetAccountFunction', 'account-get', 'GET /v1/account');
  // Writes only to give a user stored before webhooks existed its signing secret.
  bind.table(getAccount, 'users', 'RW');
  const openApi = fn('OpenApiFunction', 'openapi-get', 'GET /v1/openapi.json (public)');
  const preview = fn('SitemapPreviewFunction', 'sitemap-preview', 'GET /v1/sitemap/preview', { timeout: Duration.seconds(29), memorySize: 1024 });
  bind.table(preview, 'rateLimits', 'RW');
  bind.fetchesPages(preview);

  const firecrawl = firecrawlFunctions(fn, bind, stateMachine);

  // The console only names the download host (S3) in its Content-Security-Policy: it needs the
  // bucket's name, and no grant.
  const webConsole = fn('ConsoleFunction', 'console', 'GET / and /console/{asset}: the web console', { memorySize: 256, timeout: Duration.seconds(10) });
  bind.bucketName(webConsole);

  return {
    authorizer,
    // `/v1.1` is every `/v1` route on the same function: the handler reads the version from the path.
    routes: API_VERSIONS.flatMap((version): ApiRoute[] => [
      { method: 'POST', path: `${version}/jobs`, handler: createJob },
      { method: 'GET', path: `${version}/jobs`, handler: listJobs },
      { method: 'GET', path: `${version}/jobs/{id}`, handler: getJob },
      { method: 'DELETE', path: `${version}/jobs/{id}`, handler: cancelJob },
      { method: 'GET', path: `${version}/jobs/{id}/result`, handler: getResult },
      { method: 'GET', path: `${version}/jobs/{id}/pages`, handler: listPages },
      { method: 'GET', path: `${version}/usage`, handler: getUsage },
      { method: 'GET', path: `${version}/account`, handler: getAccount },
      { method: 'GET', path: `${version}/sitemap/preview`, handler: preview },
      { method: 'GET', path: `${version}/openapi.json`, handler: openApi, public: true },
    ] satisfies ApiRoute[]).concat([
      { method: 'GET', path: '/', handler: webConsole, public: true },
      { method: 'GET', path: 'console/{asset}', handler: webConsole, public: true },
      ...firecrawlRoutes(firecrawl),
    ]),
  };
}

/** What creating a job takes (workflow/create-job.ts): the reservation, the record, the select URLs, the start. */
function createsJobs(target: CrawlFunction, bind: Bindings, stateMachine: sfn.IStateMachine): void {
  bind.table(target, 'jobs', 'RW');
  bind.table(target, 'usage', 'RW');
  bind.table(target, 'rateLimits', 'RW');
  // A crawl that cannot be started is ended and settled on the spot.
  bind.table(target, 'pages', 'RO');
  bind.bucket(target, 'WO');
  bind.webhookQueue(target);
  target.addEnvironment(ENV.stateMachineArn, stateMachine.stateMachineArn);
  stateMachine.grantStartExecution(target);
}

type FunctionMaker = (id: string, handler: string, description: string, options?: { timeout?: Duration; memorySize?: number }) => CrawlFunction;

/**
 * The Firecrawl-compatible surface (CONTRACT 11, docs/firecrawl.md): three functions over the same
 * tables, queues and state machine as the routes above. Each checks the key itself, with the
 * authorizer's lookup, so a refusal comes in Firecrawl's error shape.
 */
function firecrawlFunctions(fn: FunctionMaker, bind: Bindings, stateMachine: sfn.IStateMachine) {
  const checksKeys = (target: CrawlFunction) => {
    bind.table(target, 'apiKeys', 'RO');
    bind.table(target, 'users', 'RO');
  };
  // Scrape waits for its job, under API Gateway's 29 s.
  const start = fn('FirecrawlStartFunction', 'firecrawl-start', 'POST /firecrawl/v2/scrape, crawl, batch/scrape', { timeout: Duration.seconds(29) });
  checksKeys(start);
  // Its rate limits hold batch idempotency keys too; the scraped page is read from its batch object.
  createsJobs(start, bind, stateMachine);
  bind.bucket(start, 'RO');

  const jobs = fn('FirecrawlJobsFunction', 'firecrawl-jobs', 'GET/DELETE /firecrawl/v2/crawl/{id}, batch/scrape/{id}, their errors, active crawls, credit usage', { memorySize: 1024 });
  checksKeys(jobs);
  // Cancelling sets cancel_requested; nothing else is written.
  bind.table(jobs, 'jobs', 'RW');
  bind.table(jobs, 'pages', 'RO');
  bind.table(jobs, 'usage', 'RO');
  bind.bucket(jobs, 'RO');

  const map = fn('FirecrawlMapFunction', 'firecrawl-map', 'POST /firecrawl/v2/map', { timeout: Duration.seconds(29), memorySize: 1024 });
  checksKeys(map);
  bind.table(map, 'rateLimits', 'RW');
  bind.fetchesPages(map);
  return { start, jobs, map };
}

function firecrawlRoutes(functions: ReturnType<typeof firecrawlFunctions>): ApiRoute[] {
  const route = (method: ApiRoute['method'], path: string, handler: CrawlFunction): ApiRoute => ({ method, path: `firecrawl/v2/${path}`, handler, keyCheckedByHandler: true });
  const { start, jobs, map } = functions;
  return [
    route('POST', 'scrape', start),
    route('POST', 'crawl', start),
    route('POST', 'batch/scrape', start),
    route('GET', 'crawl/{id}', jobs),
    route('DELETE', 'crawl/{id}', jobs),
    route('GET', 'crawl/{id}/errors', jobs),
    route('GET', 'crawl/active', jobs),
    route('GET', 'batch/scrape/{id}', jobs),
    route('DELETE', 'batch/scrape/{id}', jobs),
    route('GET', 'batch/scrape/{id}/errors', jobs),
    route('GET', 'team/credit-usage', jobs),
    route('POST', 'map', map),
    // Firecrawl's routes this service does not do: answered with a 400 that says so.
    ...Object.keys(UNSUPPORTED_ROUTES).map((key) => {
      const [method, path] = key.split(' ') as [ApiRoute['method'], string];
      return route(method, path.replace('/firecrawl/v2/', ''), jobs);
    }),
  ];
}
