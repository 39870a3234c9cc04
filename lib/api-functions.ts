import { Duration } from 'aws-cdk-lib';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ENV } from '../lambdas/data/env.js';
import { API_VERSIONS } from '../lambdas/domain/formats.js';
import type { ApiRoute, CrawlApiProps } from './api.js';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';

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
  bind.table(createJob, 'jobs', 'RW');
  bind.table(createJob, 'usage', 'RW');
  bind.table(createJob, 'rateLimits', 'RW');
  // A crawl that cannot be started is ended and settled on the spot.
  bind.table(createJob, 'pages', 'RO');
  bind.bucket(createJob, 'WO');
  bind.webhookQueue(createJob);
  createJob.addEnvironment(ENV.stateMachineArn, stateMachine.stateMachineArn);
  stateMachine.grantStartExecution(createJob);

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

  // The console only names the download host (S3) in its Content-Security-Policy: it needs the
  // bucket's name, and no grant.
  const webConsole = fn('ConsoleFunction', 'console', 'GET / and /console/{asset}: the web console', { memorySize: 256, timeout: Duration.seconds(10) });
  bind.bucketName(webConsole);

  return {
    authorizer,
    // `/v1.1` is every `/v1` route on the same function: the handler reads the version from the path.
    routes: API_VERSIONS.flatMap((version) => [
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
    ]),
  };
}
