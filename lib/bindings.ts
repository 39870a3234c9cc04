import type { Construct } from 'constructs';
import { ENV } from '../lambdas/data/env.js';
import type { CrawlFunction } from './crawl-function.js';
import type { Storage, TableName } from './storage.js';
import type { WorkQueues } from './work-queues.js';

type Access = 'RO' | 'RW' | 'WO';

const TABLE_ENV: Record<TableName, string> = {
  users: ENV.usersTable,
  apiKeys: ENV.apiKeysTable,
  usage: ENV.usageTable,
  jobs: ENV.jobsTable,
  pages: ENV.pagesTable,
  rateLimits: ENV.rateLimitsTable,
  blockedSites: ENV.blockedSitesTable,
};

/**
 * What a function is given to reach the service's resources. Each method sets the variable that
 * names a resource and the least-privilege grant on it together, so neither is forgotten.
 */
export class Bindings {
  // Site owners see this page in the crawler's User-Agent: `cdk deploy -c contactUrl=https://…`.
  private readonly contactUrl: unknown;
  // Fetches in flight to one site across all jobs: `cdk deploy -c hostMaxInFlight=8` (default 20).
  private readonly hostMaxInFlight: unknown;

  constructor(
    scope: Construct,
    private readonly storage: Storage,
    private readonly queues: WorkQueues,
  ) {
    this.contactUrl = scope.node.tryGetContext('contactUrl');
    this.hostMaxInFlight = scope.node.tryGetContext('hostMaxInFlight');
  }

  table(fn: CrawlFunction, name: TableName, access: Exclude<Access, 'WO'>): void {
    const table = this.storage.tables[name];
    fn.addEnvironment(TABLE_ENV[name], table.tableName);
    if (access === 'RO') table.grantReadData(fn);
    else table.grantReadWriteData(fn);
  }

  bucket(fn: CrawlFunction, access: Access): void {
    const artifacts = this.storage.artifacts;
    this.bucketName(fn);
    if (access === 'RO') artifacts.grantRead(fn);
    else if (access === 'WO') artifacts.grantPut(fn);
    else artifacts.grantReadWrite(fn);
  }

  /** The artefact bucket's name alone, for a function that only names it (no grant). */
  bucketName(fn: CrawlFunction): void {
    fn.addEnvironment(ENV.artifactsBucket, this.storage.artifacts.bucketName);
  }

  pageQueue(fn: CrawlFunction): void {
    fn.addEnvironment(ENV.pageQueueUrl, this.queues.page.queue.queueUrl);
    this.queues.page.queue.grantSendMessages(fn);
  }

  /** Functions that end or start jobs announce them on the webhook queue. */
  webhookQueue(fn: CrawlFunction): void {
    fn.addEnvironment(ENV.webhookQueueUrl, this.queues.webhook.queue.queueUrl);
    this.queues.webhook.queue.grantSendMessages(fn);
  }

  /** Functions that fetch from other sites name the operator's contact page in their User-Agent. */
  fetchesPages(crawler: CrawlFunction): void {
    if (typeof this.contactUrl === 'string' && this.contactUrl) crawler.addEnvironment('CRAWL_CONTACT_URL', this.contactUrl);
  }

  /**
   * Page fetchers share the per-host slots of all jobs, kept next to the rate limits; PlanLevel
   * takes the slots of a level's lanes when it releases them.
   */
  takesHostSlots(worker: CrawlFunction): void {
    this.table(worker, 'rateLimits', 'RW');
    if (this.hostMaxInFlight !== undefined) worker.addEnvironment('CRAWL_HOST_MAX_IN_FLIGHT', String(this.hostMaxInFlight));
  }
}
