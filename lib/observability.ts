import { Duration, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DIMENSION, METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../lambdas/observability/metrics.js';

/**
 * Alarm thresholds; docs/operations.md gives the reasoning for each and what to do when it fires.
 * A healthy page message is at most about 8 minutes old: three deliveries of a 120 s visibility
 * timeout plus backoffs of up to 60 s.
 */
export const ALARM_THRESHOLDS = {
  /** Messages the dead-letter consumer has left in the DLQ for three 5-minute periods (it drains it in seconds). */
  deadLetterMessages: 1,
  deadLetterPeriods: 3,
  pageQueueOldestMessageSeconds: 15 * 60,
  /** Per function, within 5 minutes: a single failure is retried by Step Functions or SQS. */
  lambdaErrors: 3,
  lambdaThrottles: 5,
  /** Share of API requests answered 5xx in 5 minutes, once at least `apiMinimumRequests` came in. */
  api5xxRate: 0.05,
  apiMinimumRequests: 20,
} as const;

export interface ObservabilityProps {
  functions: Record<string, lambda.Function>;
  pageQueue: sqs.Queue;
  /** The page queue's DLQ, drained by its consumer. */
  deadLetterQueue: sqs.Queue;
  /** Pages handed to the browser, and their DLQ, drained by the same consumer. */
  renderQueue: sqs.Queue;
  renderDeadLetterQueue: sqs.Queue;
  /** Webhook deliveries the delivery function itself kept failing on; nothing consumes it. */
  webhookDeadLetterQueue: sqs.Queue;
  /** Where the consumer's failures are parked; nothing consumes it. */
  parkingQueue: sqs.Queue;
  stateMachine: sfn.StateMachine;
  api: apigw.RestApi;
  tables: dynamodb.Table[];
  /** Where alarms are e-mailed (`cdk deploy -c alarmEmail=ops@example.org`); none: subscribe to the topic yourself. */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);
const HOUR = Duration.hours(1);

function serviceMetric(name: string, options: { statistic?: string; period?: Duration; label?: string; dimensions?: Record<string, string> } = {}): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE, ...options.dimensions },
    statistic: options.statistic ?? 'Sum',
    period: options.period ?? FIVE_MINUTES,
    label: options.label,
  });
}

/** Every value of a dimensioned service metric, one line each (the values are not known in advance). */
function byDimension(name: string, dimension: string, label: string): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: `SEARCH('{${METRICS_NAMESPACE},service,${dimension}} MetricName="${name}"', 'Sum', 3600)`,
    label,
    period: HOUR,
  });
}

/** A service metric summed per hour, as the dashboard graphs it. */
const hourly = (name: string, label: string) => serviceMetric(name, { period: HOUR, label });
/** Two graphs to a dashboard row. */
const HALF_WIDTH = 12;

/** Jobs and pages per hour, and why pages failed or were skipped and jobs failed: two rows. */
function throughputRows(pagesCrawled: cloudwatch.Metric): cloudwatch.IWidget[][] {
  return [
    [
      new cloudwatch.GraphWidget({
        title: 'Jobs per hour',
        width: HALF_WIDTH,
        left: [
          hourly(METRIC.jobsCreated, 'created'),
          hourly(METRIC.jobsCompleted, 'completed'),
          hourly(METRIC.jobsFailed, 'failed'),
          hourly(METRIC.jobsCancelled, 'cancelled'),
          hourly(METRIC.jobsRescued, 'rescued by the reconciler'),
        ],
      }),
      new cloudwatch.GraphWidget({
        title: 'Pages per hour',
        width: HALF_WIDTH,
        left: [pagesCrawled, hourly(METRIC.pagesFailed, 'failed'), hourly(METRIC.pagesSkipped, 'skipped'), hourly(METRIC.pagesRendered, 'rendered')],
        right: [hourly(METRIC.bytesExported, 'bytes exported')],
      }),
    ],
    [
      new cloudwatch.GraphWidget({
        title: 'Why pages failed or were skipped (per hour)',
        width: HALF_WIDTH,
        left: [byDimension(METRIC.pagesFailed, DIMENSION.reason, 'failed:'), byDimension(METRIC.pagesSkipped, DIMENSION.reason, 'skipped:')],
      }),
      new cloudwatch.GraphWidget({
        title: 'Why jobs failed, and refusals (per hour)',
        width: HALF_WIDTH,
        left: [byDimension(METRIC.jobsFailed, DIMENSION.errorCode, 'failed:')],
        right: [
          hourly(METRIC.quotaRefusals, 'quota refusals (402)'),
          hourly(METRIC.rateLimitRefusals, 'rate-limit refusals (429)'),
          hourly(METRIC.webhookDeliveriesFailed, 'webhook deliveries failed'),
        ],
      }),
    ],
  ];
}

/** The page and render queues with their dead letters, stalled jobs and crawl executions: one row. */
function queueAndWorkflowRow(props: ObservabilityProps): cloudwatch.IWidget[] {
  return [
    new cloudwatch.GraphWidget({
      title: 'Page queue: depth and age',
      width: HALF_WIDTH,
      left: [
        props.pageQueue.metricApproximateNumberOfMessagesVisible({ label: 'waiting', statistic: 'Maximum' }),
        props.pageQueue.metricApproximateNumberOfMessagesNotVisible({ label: 'in flight', statistic: 'Maximum' }),
        props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: 'dead letters', statistic: 'Maximum' }),
        props.renderQueue.metricApproximateNumberOfMessagesVisible({ label: 'render waiting', statistic: 'Maximum' }),
        props.renderDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: 'render dead letters', statistic: 'Maximum' }),
        props.parkingQueue.metricApproximateNumberOfMessagesVisible({ label: 'parked dead letters', statistic: 'Maximum' }),
      ],
      right: [props.pageQueue.metricApproximateAgeOfOldestMessage({ label: 'oldest message (s)', statistic: 'Maximum' })],
    }),
    new cloudwatch.GraphWidget({
      title: 'Jobs stalled, crawl executions',
      width: HALF_WIDTH,
      left: [serviceMetric(METRIC.stalledJobs, { statistic: 'Maximum', period: Duration.minutes(15), label: 'stalled jobs' })],
      right: [
        props.stateMachine.metricStarted({ label: 'executions started', period: HOUR }),
        props.stateMachine.metricFailed({ label: 'failed', period: HOUR }),
        props.stateMachine.metricTimedOut({ label: 'timed out', period: HOUR }),
      ],
    }),
  ];
}

/** Duration and concurrency, a line per function: one row. */
function functionsRow(functions: Record<string, lambda.Function>): cloudwatch.IWidget[] {
  const perFunction = (metric: (fn: lambda.Function) => cloudwatch.Metric) => Object.entries(functions).map(([name, fn]) => metric(fn).with({ label: name }));
  return [
    new cloudwatch.GraphWidget({ title: 'Lambda duration p95 (ms) per function', width: HALF_WIDTH, left: perFunction((fn) => fn.metricDuration({ statistic: 'p95' })) }),
    new cloudwatch.GraphWidget({
      title: 'Lambda concurrency per function',
      width: HALF_WIDTH,
      left: perFunction((fn) => fn.metric('ConcurrentExecutions', { statistic: 'Maximum' })),
    }),
  ];
}

/** The API's latency, requests and errors: one row. */
function apiRow(api: apigw.RestApi): cloudwatch.IWidget[] {
  return [
    new cloudwatch.GraphWidget({
      title: 'API latency (ms)',
      width: HALF_WIDTH,
      left: [api.metricLatency({ statistic: 'p50', label: 'p50' }), api.metricLatency({ statistic: 'p95', label: 'p95' }), api.metricLatency({ statistic: 'p99', label: 'p99' })],
    }),
    new cloudwatch.GraphWidget({
      title: 'API requests and errors',
      width: HALF_WIDTH,
      left: [api.metricCount({ label: 'requests', statistic: 'Sum' })],
      right: [api.metricClientError({ label: '4xx', statistic: 'Sum' }), api.metricServerError({ label: '5xx', statistic: 'Sum' })],
    }),
  ];
}

/**
 * What tells an operator the service is sick: an SNS topic (e-mail when `alarmEmail` is given),
 * the alarms on the few signals that mean trouble, and one dashboard.
 */
export class Observability extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.topic = this.alarmTopic(props.alarmEmail);
    // In this order on the dashboard's alarm widget.
    this.addQueueAlarms(props);
    this.addFunctionAlarms(props.functions);
    this.addWorkflowAndApiAlarms(props);
    this.dashboard = this.buildDashboard(props);
  }

  private alarmTopic(alarmEmail: string | undefined): sns.Topic {
    // CloudWatch can publish to an encrypted topic only with a key whose policy lets it use the key.
    const key = new kms.Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the alarm topic of the web crawl service' });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    const topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Web crawl service alarms', masterKey: key, enforceSSL: true });
    if (alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(alarmEmail));
    return topic;
  }

  /** `runbook` is the alarm's section in docs/operations.md. */
  private addAlarm(alarmId: string, runbook: string, description: string, options: cloudwatch.CreateAlarmOptions & { metric: cloudwatch.IMetric }): void {
    const created = new cloudwatch.Alarm(this, alarmId, {
      alarmDescription: `${description} Runbook: docs/operations.md#${runbook}`,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      ...options,
    });
    created.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(created);
  }

  private addQueueAlarms(props: ObservabilityProps): void {
    this.addAlarm('DeadLetterMessages', 'deadlettermessages', 'Messages are staying in the page dead-letter queue: its consumer is not draining it.', {
      metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.deadLetterMessages,
      evaluationPeriods: ALARM_THRESHOLDS.deadLetterPeriods,
    });
    this.addAlarm('RenderDeadLetterMessages', 'deadlettermessages', 'Messages are staying in the render dead-letter queue: its consumer is not draining it.', {
      metric: props.renderDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.deadLetterMessages,
      evaluationPeriods: ALARM_THRESHOLDS.deadLetterPeriods,
    });
    this.addAlarm('ParkedDeadLetters', 'parkeddeadletters', 'Dead letters the consumer could not settle were parked; their pages stay open until redriven.', {
      metric: props.parkingQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: 1,
      evaluationPeriods: 1,
    });
    this.addAlarm('WebhookDeadLetters', 'webhookdeadletters', 'The delivery function itself kept failing on a webhook message, which moved to the webhook dead-letter queue; its receiver was not told.', {
      metric: props.webhookDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: 1,
      evaluationPeriods: 1,
    });
    this.addAlarm('PageQueueBacklog', 'pagequeuebacklog', 'The oldest page message has waited longer than any healthy retry sequence: page workers are not keeping up or not running.', {
      metric: props.pageQueue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.pageQueueOldestMessageSeconds,
      evaluationPeriods: 1,
    });
    this.addAlarm('RenderQueueBacklog', 'pagequeuebacklog', 'The oldest render message has waited longer than any healthy retry sequence: render workers are not keeping up or not running.', {
      metric: props.renderQueue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.pageQueueOldestMessageSeconds,
      evaluationPeriods: 1,
    });
  }

  private addFunctionAlarms(functions: Record<string, lambda.Function>): void {
    for (const [name, fn] of Object.entries(functions)) {
      this.addAlarm(`${name}Errors`, 'lambda-errors', `The ${name} function failed repeatedly.`, {
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.lambdaErrors,
        evaluationPeriods: 1,
      });
      this.addAlarm(`${name}Throttles`, 'lambda-throttles', `The ${name} function is being throttled (concurrency limit reached).`, {
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.lambdaThrottles,
        evaluationPeriods: 1,
      });
    }
  }

  private addWorkflowAndApiAlarms(props: ObservabilityProps): void {
    this.addAlarm('ExecutionsFailed', 'executionsfailed-executionstimedout', 'A crawl execution failed without reaching Finalize; the reconciler settles its job.', {
      metric: props.stateMachine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
    });
    this.addAlarm('ExecutionsTimedOut', 'executionsfailed-executionstimedout', 'A crawl execution ran into its 4-hour timeout; the reconciler settles its job.', {
      metric: props.stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
    });
    const requests = props.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    this.addAlarm('Api5xxRate', 'api5xxrate', 'More than 5% of API requests were answered with a 5xx.', {
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, errors / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        period: FIVE_MINUTES,
        label: 'share of requests answered 5xx',
      }),
      threshold: ALARM_THRESHOLDS.api5xxRate,
      evaluationPeriods: 1,
    });
    this.addAlarm('JobsRescued', 'jobsrescued', 'The reconciler had to settle a job whose execution died or outlived its timeout.', {
      metric: serviceMetric(METRIC.jobsRescued),
      threshold: 1,
      evaluationPeriods: 1,
    });
    this.addAlarm('JobsStalled', 'jobsstalled', 'An open job has shown no progress for 30 minutes (the reconciler checks every 15 minutes).', {
      metric: serviceMetric(METRIC.stalledJobs, { statistic: 'Maximum', period: Duration.minutes(15) }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  private buildDashboard(props: ObservabilityProps): cloudwatch.Dashboard {
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(1) });
    const pagesCrawled = hourly(METRIC.pagesCrawled, 'pages crawled');
    for (const row of [...throughputRows(pagesCrawled), queueAndWorkflowRow(props), functionsRow(props.functions), apiRow(props.api)]) dashboard.addWidgets(...row);
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'Cost drivers: AWS calls per crawled page (hourly)', width: 24, left: this.callsPerPage(props, pagesCrawled) }),
    );
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', width: 24, alarms: this.alarms }));
    return dashboard;
  }

  /** Lambda invocations, SQS messages and DynamoDB capacity units, each divided by the pages crawled. */
  private callsPerPage(props: ObservabilityProps, pagesCrawled: cloudwatch.Metric): cloudwatch.MathExpression[] {
    const hourlySum = { period: HOUR, statistic: 'Sum' };
    // Metric ids must be unique within the graph, hence a prefix per expression.
    const perPage = (label: string, metrics: cloudwatch.IMetric[]) => {
      const prefix = label.toLowerCase().replace(/[^a-z]/g, '');
      const usingMetrics: Record<string, cloudwatch.IMetric> = { pages: pagesCrawled };
      metrics.forEach((metric, i) => (usingMetrics[`${prefix}${i}`] = metric));
      return new cloudwatch.MathExpression({
        expression: `(${metrics.map((_, i) => `FILL(${prefix}${i}, 0)`).join(' + ')}) / pages`,
        usingMetrics,
        label,
        period: HOUR,
      });
    };
    return [
      perPage('Lambda invocations', Object.values(props.functions).map((fn) => fn.metricInvocations(hourlySum))),
      perPage('SQS messages sent', [props.pageQueue.metricNumberOfMessagesSent(hourlySum)]),
      perPage('DynamoDB read units', props.tables.map((table) => table.metricConsumedReadCapacityUnits(hourlySum))),
      perPage('DynamoDB write units', props.tables.map((table) => table.metricConsumedWriteCapacityUnits(hourlySum))),
    ];
  }
}
