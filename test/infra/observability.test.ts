import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '../../lambdas/observability/metrics.js';
import { ALARM_THRESHOLDS } from '../../lib/observability.js';
import { buildApp, functionsByHandler, resources, type CfnResource } from './synth.js';

let template: Template;
let all: Record<string, CfnResource>;

beforeAll(() => {
  template = Template.fromStack(buildApp().stack);
  all = resources(template);
});

function idOfType(type: string, idPattern: RegExp): string {
  const ids = Object.entries(all).filter(([id, resource]) => resource.Type === type && idPattern.test(id)).map(([id]) => id);
  expect(ids, `one ${type} matching ${idPattern}`).toHaveLength(1);
  return ids[0] as string;
}

/** Alarms by their construct id (the logical id starts with Observability<id>). */
function alarm(id: string): Record<string, unknown> {
  const found = Object.entries(all).filter(([logicalId, resource]) => resource.Type === 'AWS::CloudWatch::Alarm' && new RegExp(`^Observability${id}[0-9A-F]{8}$`).test(logicalId));
  expect(found, `alarm ${id}`).toHaveLength(1);
  return found[0]?.[1].Properties ?? {};
}

describe('alarm topic', () => {
  it('is encrypted with a rotating key CloudWatch may use, and refuses plain HTTP', () => {
    const topicId = idOfType('AWS::SNS::Topic', /AlarmTopic/);
    const keyId = idOfType('AWS::KMS::Key', /AlarmTopicKey/);
    expect(all[topicId]?.Properties?.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(all[keyId]?.Properties?.EnableKeyRotation).toBe(true);
    const keyPolicy = JSON.stringify(all[keyId]?.Properties?.KeyPolicy);
    expect(keyPolicy).toContain('cloudwatch.amazonaws.com');
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('e-mails the address given with -c alarmEmail, and nobody without it', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    const withEmail = Template.fromStack(buildApp({ context: { alarmEmail: 'ops@example.org' } }).stack);
    withEmail.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org', TopicArn: { Ref: Match.stringLikeRegexp('AlarmTopic') } });
    expect(() => buildApp({ context: { alarmEmail: 'not an address' } })).toThrow(/alarmEmail must be an e-mail address/);
  });

  it('receives every alarm, and no alarm goes elsewhere', () => {
    const topicId = idOfType('AWS::SNS::Topic', /AlarmTopic/);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as CfnResource[];
    expect(alarms.length).toBeGreaterThan(0);
    for (const found of alarms) expect(found.Properties?.AlarmActions).toEqual([{ Ref: topicId }]);
  });
});

describe('alarms', () => {
  it('messages left in the dead-letter queue for 15 minutes', () => {
    const dlq = idOfType('AWS::SQS::Queue', /^PageDeadLetterQueue/);
    expect(alarm('DeadLetterMessages')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
      Statistic: 'Maximum',
      Period: 300,
      EvaluationPeriods: 3,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('any dead letter parked after the consumer failed it, in a queue nothing consumes', () => {
    const dlq = idOfType('AWS::SQS::Queue', /^PageDeadLetterQueue/);
    const parking = idOfType('AWS::SQS::Queue', /^DeadLetterParkingQueue/);
    expect(all[dlq]?.Properties?.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [parking, 'Arn'] }, maxReceiveCount: 5 });
    const consumed = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).map((mapping) => JSON.stringify((mapping as CfnResource).Properties?.EventSourceArn));
    expect(consumed).not.toContain(JSON.stringify({ 'Fn::GetAtt': [parking, 'Arn'] }));
    expect(alarm('ParkedDeadLetters')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [parking, 'QueueName'] } }],
      EvaluationPeriods: 1,
      Threshold: 1,
    });
  });

  it('every dead-letter queue of the stack has an alarm on its messages', () => {
    const deadLetterQueues = new Set(
      Object.values(all)
        .filter((resource) => resource.Type === 'AWS::SQS::Queue')
        .map((queue) => JSON.stringify((queue.Properties?.RedrivePolicy as { deadLetterTargetArn?: unknown } | undefined)?.deadLetterTargetArn))
        .filter((target) => target !== undefined),
    );
    const alarmed = Object.values(all)
      .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm' && resource.Properties?.MetricName === 'ApproximateNumberOfMessagesVisible')
      .map((found) => JSON.stringify((found.Properties?.Dimensions as Array<{ Value: { 'Fn::GetAtt': [string, string] } }>)[0]?.Value['Fn::GetAtt'][0]));
    expect(deadLetterQueues.size).toBe(4); // page, render and webhook dead letters, and the parking queue
    for (const target of deadLetterQueues) {
      const queueId = (JSON.parse(target) as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(alarmed, `an alarm on ${queueId}`).toContain(JSON.stringify(queueId));
    }
  });

  it('the page queue oldest message past any healthy retry sequence', () => {
    const queue = idOfType('AWS::SQS::Queue', /^PageQueue/);
    expect(alarm('PageQueueBacklog')).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
      Threshold: ALARM_THRESHOLDS.pageQueueOldestMessageSeconds,
    });
    // 3 deliveries × the visibility timeout + two backoffs of at most 60 s stay under the threshold
    const visibility = Number(all[queue]?.Properties?.VisibilityTimeout);
    expect(3 * visibility + 2 * 60).toBeLessThan(ALARM_THRESHOLDS.pageQueueOldestMessageSeconds);
  });

  it('errors and throttles of every function, each on its own function', () => {
    const functions = functionsByHandler(template);
    expect(functions.size).toBe(Object.keys(template.findResources('AWS::Lambda::Function')).length);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as CfnResource[];
    for (const [handler, { logicalId }] of functions) {
      for (const [metric, threshold] of [['Errors', ALARM_THRESHOLDS.lambdaErrors], ['Throttles', ALARM_THRESHOLDS.lambdaThrottles]] as const) {
        const matching = alarms.filter(
          (found) => found.Properties?.MetricName === metric && JSON.stringify(found.Properties?.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: logicalId } }]),
        );
        expect(matching, `${metric} alarm of ${handler}`).toHaveLength(1);
        expect(matching[0]?.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum', Period: 300, Threshold: threshold });
      }
    }
  });

  it('crawl executions failed or timed out', () => {
    const machine = idOfType('AWS::StepFunctions::StateMachine', /StateMachine/);
    for (const [id, metric] of [['ExecutionsFailed', 'ExecutionsFailed'], ['ExecutionsTimedOut', 'ExecutionsTimedOut']] as const) {
      expect(alarm(id)).toMatchObject({ Namespace: 'AWS/States', MetricName: metric, Dimensions: [{ Name: 'StateMachineArn', Value: { Ref: machine } }], Threshold: 1 });
    }
  });

  it('the API 5xx rate, once enough requests came in', () => {
    const properties = alarm('Api5xxRate');
    expect(properties.Threshold).toBe(ALARM_THRESHOLDS.api5xxRate);
    const metrics = properties.Metrics as Array<{ Expression?: string; MetricStat?: { Metric: { Namespace: string; MetricName: string } } }>;
    expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(`IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, errors / requests, 0)`);
    expect(metrics.flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric.MetricName] : [])).sort()).toEqual(['5XXError', 'Count']);
  });

  it('a job the reconciler had to rescue, and a job without progress, from the service metrics', () => {
    expect(alarm('JobsRescued')).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: 'JobsRescued', Dimensions: [{ Name: 'service', Value: 'web-crawl-service' }], Statistic: 'Sum', Threshold: 1 });
    expect(alarm('JobsStalled')).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: 'StalledJobs', Statistic: 'Maximum', Period: 900, Threshold: 1, TreatMissingData: 'notBreaching' });
  });

  it('each name its runbook section', () => {
    for (const found of Object.values(template.findResources('AWS::CloudWatch::Alarm')) as CfnResource[]) {
      expect(String(found.Properties?.AlarmDescription)).toMatch(/Runbook: docs\/operations\.md#[a-z0-9-]+$/);
    }
  });
});

describe('dashboard', () => {
  it('shows jobs, pages, failure reasons, queues, functions, the API and cost drivers', () => {
    const id = idOfType('AWS::CloudWatch::Dashboard', /Dashboard/);
    const body = JSON.stringify(all[id]?.Properties?.DashboardBody);
    for (const title of [
      'Jobs per hour',
      'Pages per hour',
      'Why pages failed or were skipped',
      'Page queue: depth and age',
      'Lambda duration p95 (ms) per function',
      'Lambda concurrency per function',
      'API latency (ms)',
      'API requests and errors',
      'Cost drivers: AWS calls per crawled page',
      'Alarms',
    ]) {
      expect(body).toContain(title);
    }
    for (const metric of ['PagesCrawled', 'PagesFailed', 'JobsCreated', 'BytesExported', 'ApproximateAgeOfOldestMessage', 'ConcurrentExecutions', 'Latency', 'ConsumedWriteCapacityUnits']) {
      expect(body).toContain(metric);
    }
  });
});

describe('tracing', () => {
  it('is active on every function, the state machine and the API stage', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as CfnResource[];
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) expect(fn.Properties?.TracingConfig).toEqual({ Mode: 'Active' });
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', { TracingConfiguration: { Enabled: true } });
    template.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
  });
});
