import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';

/**
 * Settles jobs whose execution ended without reaching Finalize (timeout, abort, crash): run when
 * such an execution ends and on a schedule. Made in the stack's scope (logical ids are the deployed ones).
 */
export function addReconciler(scope: Construct, bind: Bindings, stateMachine: sfn.IStateMachine): void {
  const reconciler = new CrawlFunction(scope, 'ReconcilerFunction', {
    handler: 'reconciler',
    description: 'Settles jobs whose execution ended abnormally and releases stale reservations',
    timeout: Duration.minutes(5),
  });
  bind.table(reconciler, 'jobs', 'RW');
  bind.table(reconciler, 'pages', 'RO');
  bind.table(reconciler, 'usage', 'RW');
  bind.webhookQueue(reconciler);
  new events.Rule(scope, 'ExecutionEndedAbnormally', {
    eventPattern: {
      source: ['aws.states'],
      detailType: ['Step Functions Execution Status Change'],
      detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [stateMachine.stateMachineArn] },
    },
    targets: [new targets.LambdaFunction(reconciler)],
  });
  new events.Rule(scope, 'ReconcileSchedule', {
    schedule: events.Schedule.rate(Duration.minutes(15)),
    targets: [new targets.LambdaFunction(reconciler)],
  });
}
