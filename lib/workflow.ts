import { Duration } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';

export interface WorkflowProps {
  preflight: lambda.IFunction;
  planLevel: lambda.IFunction;
  checkLevel: lambda.IFunction;
  assemble: lambda.IFunction;
  documents: lambda.IFunction;
  finalize: lambda.IFunction;
}

/** Longest a crawl may run: 1000 pages at the 10 s Crawl-delay cap is under three hours. */
export const CRAWL_EXECUTION_TIMEOUT = Duration.hours(4);

/**
 * The document worker's time: its function's timeout and its task's, written out because a task
 * without one is timed out after 60 s by the local runtime's Step Functions (AWS's default is a
 * year), where a 1000-page PDF takes two minutes.
 */
export const DOCUMENT_WORKER_TIMEOUT = Duration.minutes(15);

/**
 * Level-synchronous BFS (docs/architecture.md): the state only carries the job id, the current depth and
 * a routing word; URL lists live in DynamoDB and S3, so the payload does not grow with the crawl.
 * Pages fan out through SQS; CheckLevel watches the lanes for a few seconds, then a Wait/Check loop
 * takes over for a long level, so state transitions are counted per level, not per page.
 */
export class CrawlWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);

    const invoke = (name: string, fn: lambda.IFunction, timeout?: Duration) => {
      const task = new tasks.LambdaInvoke(this, name, {
        lambdaFunction: fn,
        payloadResponseOnly: true,
        retryOnServiceExceptions: false,
        ...(timeout ? { taskTimeout: sfn.Timeout.duration(timeout) } : {}),
      });
      task.addRetry({
        errors: ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException', 'States.Timeout'],
        interval: Duration.seconds(2),
        maxAttempts: 4,
        backoffRate: 2,
      });
      task.addRetry({ errors: ['States.TaskFailed'], interval: Duration.seconds(1), maxAttempts: 2, backoffRate: 2 });
      return task;
    };

    const finalize = invoke('Finalize', props.finalize);
    const done = new sfn.Succeed(this, 'Done');
    finalize.next(done);
    const settleFailure = new sfn.Pass(this, 'RecordFailure', {
      parameters: { 'job_id.$': '$.job_id', 'failure.$': '$.failure' },
    }).next(finalize);

    const preflight = invoke('Preflight', props.preflight);
    const planLevel = invoke('PlanLevel', props.planLevel);
    const checkLevel = invoke('CheckLevel', props.checkLevel);
    const assemble = invoke('Assemble', props.assemble);
    const documents = invoke('BuildDocuments', props.documents, DOCUMENT_WORKER_TIMEOUT);
    const waitForLevel = new sfn.Wait(this, 'WaitForLevel', { time: sfn.WaitTime.secondsPath('$.wait_seconds') });

    for (const task of [preflight, planLevel, checkLevel, assemble]) {
      task.addCatch(settleFailure, { errors: ['States.ALL'], resultPath: '$.failure' });
    }

    const route = (name: string) => new sfn.Choice(this, name);
    const whenNext = (value: string) => sfn.Condition.stringEquals('$.next', value);

    preflight.next(route('AfterPreflight').when(whenNext('finalize'), finalize).otherwise(planLevel));
    // CheckLevel follows at once: it watches the lanes for a while itself, so a short level costs no Wait.
    planLevel.next(
      route('AfterPlan').when(whenNext('assemble'), assemble).otherwise(checkLevel),
    );
    waitForLevel.next(checkLevel);
    checkLevel.next(
      route('AfterCheck')
        .when(whenNext('wait'), waitForLevel)
        .when(whenNext('plan'), planLevel)
        .when(whenNext('finalize'), finalize)
        .otherwise(assemble),
    );
    assemble.next(route('AfterAssemble').when(whenNext('documents'), documents).otherwise(finalize));
    // A PDF or Word document that cannot be built costs the job none of its other documents.
    documents.addCatch(finalize, { errors: ['States.ALL'], resultPath: '$.documents_failure' });
    documents.next(finalize);

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      definitionBody: sfn.DefinitionBody.fromChainable(preflight),
      stateMachineType: sfn.StateMachineType.STANDARD,
      timeout: CRAWL_EXECUTION_TIMEOUT,
      tracingEnabled: true,
      logs: {
        destination: new logs.LogGroup(this, 'ExecutionLogs', { retention: logs.RetentionDays.ONE_MONTH }),
        level: sfn.LogLevel.ALL,
        includeExecutionData: false,
      },
    });
  }
}
