import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * The service's own CloudWatch metrics, as embedded metric format (EMF) log lines: CloudWatch
 * turns them into metrics from the function's log, so recording costs no API call. Recording only
 * buffers; `flushMetricsMiddleware` (in every function's lambdaHandler) flushes once per invocation. Dimensions are few and bounded (a failure
 * reason, an error code), never a job, user or URL, so the number of metrics stays fixed.
 *
 * The stack's alarms and dashboard read the names below (lib/observability.ts).
 */
export const METRICS_NAMESPACE = 'WebCrawlService';
export const METRICS_SERVICE = 'web-crawl-service';

export const METRIC = {
  jobsCreated: 'JobsCreated',
  jobsCompleted: 'JobsCompleted',
  jobsFailed: 'JobsFailed',
  jobsCancelled: 'JobsCancelled',
  jobDuration: 'JobDuration',
  pagesCrawled: 'PagesCrawled',
  pagesFailed: 'PagesFailed',
  pagesSkipped: 'PagesSkipped',
  pagesRendered: 'PagesRendered',
  bytesExported: 'BytesExported',
  quotaRefusals: 'QuotaRefusals',
  rateLimitRefusals: 'RateLimitRefusals',
  webhookDeliveriesFailed: 'WebhookDeliveriesFailed',
  jobsRescued: 'JobsRescued',
  reservationsReleased: 'ReservationsReleased',
  stalledJobs: 'StalledJobs',
} as const;

/** The dimension names besides `service`; each has a small, fixed set of values. */
export const DIMENSION = { reason: 'reason', errorCode: 'error_code' } as const;

type Dimensions = Partial<Record<(typeof DIMENSION)[keyof typeof DIMENSION], string>>;

/** One Powertools buffer per dimension set, so concurrent invocations never mix dimensions. */
const buffers = new Map<string, Metrics>();

function buffer(dimensions: Dimensions = {}): Metrics {
  const key = JSON.stringify(dimensions);
  let metrics = buffers.get(key);
  if (!metrics) {
    metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, defaultDimensions: dimensions });
    buffers.set(key, metrics);
  }
  return metrics;
}

/**
 * Powertools writes a buffer out by itself, to stdout, once a metric holds 100 values (a lane
 * worker records hundreds of pages in one invocation); values added since the last flush, counted
 * here, flush through `sink` before that.
 */
const FLUSH_AFTER_VALUES = 90;
let valuesSinceFlush = 0;

/** A count under the service alone and, when given, also per dimension value (totals need no metric math). */
function count(name: string, value = 1, dimensions?: Dimensions): void {
  buffer().addMetric(name, MetricUnit.Count, value);
  if (dimensions) buffer(dimensions).addMetric(name, MetricUnit.Count, value);
  if (++valuesSinceFlush >= FLUSH_AFTER_VALUES) flushMetrics();
}

const toStdout = (line: string) => {
  // Straight to stdout like Powertools: the Lambda runtime's console prefixes would break EMF.
  process.stdout.write(`${line}\n`);
};
let sink: (line: string) => void = toStdout;

/** Where EMF lines go: stdout in Lambda; the local runtime sends them to its own log. */
export function sendMetricLinesTo(target: ((line: string) => void) | undefined): void {
  sink = target ?? toStdout;
}

/** Writes every buffered metric as one EMF line per dimension set. */
export function flushMetrics(): void {
  valuesSinceFlush = 0;
  for (const metrics of buffers.values()) {
    if (!metrics.hasStoredMetrics()) continue;
    const line = JSON.stringify(metrics.serializeMetrics());
    metrics.clearMetrics();
    sink(line);
  }
}

/** Flushes what an invocation recorded when the handler returns or throws (lambdaHandler uses it for every function). */
export function flushMetricsMiddleware() {
  return { after: async () => flushMetrics(), onError: async () => flushMetrics() };
}

// ---- jobs ---------------------------------------------------------------------------------------

export function recordJobCreated(): void {
  count(METRIC.jobsCreated);
}

/** A job reached its terminal status (exactly once per job): the outcome and its wall-clock duration. */
export function recordJobEnded(job: { status: 'completed' | 'failed' | 'cancelled'; errorCode?: string; durationSeconds: number }): void {
  if (job.status === 'completed') count(METRIC.jobsCompleted);
  else if (job.status === 'cancelled') count(METRIC.jobsCancelled);
  else count(METRIC.jobsFailed, 1, { error_code: job.errorCode ?? 'internal_error' });
  buffer().addMetric(METRIC.jobDuration, MetricUnit.Seconds, Math.max(0, job.durationSeconds));
}

// ---- pages --------------------------------------------------------------------------------------

/** HTTP statuses that say something on their own (gone, blocked, slow down); the rest by class. */
const NAMED_HTTP_STATUSES = new Set(['http_401', 'http_403', 'http_404', 'http_410', 'http_429', 'http_503']);

/** Ledger reasons are a fixed vocabulary except `http_<status>`, which is bounded to a few values. */
export function reasonDimension(reason: string | undefined): string {
  if (!reason) return 'none';
  const http = /^http_(\d)\d\d$/.exec(reason);
  if (!http) return reason;
  return NAMED_HTTP_STATUSES.has(reason) ? reason : `http_${http[1]}xx`;
}

/** A ledger entry got its final outcome (recorded once, where the outcome is written). */
export function recordPageOutcome(outcome: { status: 'crawled' | 'failed' | 'skipped'; reason?: string; bytes?: number; rendered?: boolean }): void {
  if (outcome.status === 'crawled') {
    count(METRIC.pagesCrawled);
    if (outcome.bytes) buffer().addMetric(METRIC.bytesExported, MetricUnit.Bytes, outcome.bytes);
  } else {
    count(outcome.status === 'failed' ? METRIC.pagesFailed : METRIC.pagesSkipped, 1, { reason: reasonDimension(outcome.reason) });
  }
  if (outcome.rendered) count(METRIC.pagesRendered);
}

// ---- API refusals -------------------------------------------------------------------------------

/** A request refused with 402 because the user's monthly allowance would be exceeded. */
export function recordQuotaRefusal(): void {
  count(METRIC.quotaRefusals);
}

/** A request refused with 429 by a per-user limit of ours (stage throttling is API Gateway's own metric). */
export function recordRateLimitRefusal(): void {
  count(METRIC.rateLimitRefusals);
}

// ---- webhooks -----------------------------------------------------------------------------------

/** A webhook delivery gave up after its retries (the job itself is unaffected). */
export function recordWebhookDeliveryFailed(): void {
  count(METRIC.webhookDeliveriesFailed);
}

// ---- reconciler ---------------------------------------------------------------------------------

/** Jobs the reconciler had to settle: their execution died, or they outlived it. */
export function recordJobsRescued(jobs: number): void {
  count(METRIC.jobsRescued, jobs);
}

/** Reservations with no job record (a request that crashed midway) given back. */
export function recordReservationsReleased(reservations: number): void {
  count(METRIC.reservationsReleased, reservations);
}

/** Open jobs whose progress has not moved for the stall period, counted at each sweep (zeros included). */
export function recordStalledJobs(jobs: number): void {
  buffer().addMetric(METRIC.stalledJobs, MetricUnit.Count, jobs);
}
