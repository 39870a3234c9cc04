import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LambdaHost } from '../../../local/lambda-host.js';
import { UsageMeter } from '../../../local/meter.js';
import { STATE_PAYLOAD_BYTES } from '../../../local/service-limits.js';
import { LocalIam } from '../../../local/iam/authorizer.js';
import { RUNTIME_CREDENTIALS } from '../../../local/iam/credentials.js';
import { startStepFunctions } from '../../../local/step-functions.js';

/**
 * The local Step Functions engine holds state data to AWS's 256 KiB: a state whose output is over
 * it fails the execution with States.DataLimitExceeded, which even a `States.ALL` catch does not take.
 */
const MACHINE = 'arn:aws:states:us-east-1:000000000000:stateMachine:Limits';
const PASS_FIRST = 'arn:aws:states:us-east-1:000000000000:stateMachine:PassFirst';
const GROW = 'arn:aws:lambda:us-east-1:000000000000:function:Grow';
const invoked: unknown[] = [];

/** `Grow` answers a string of the length its input asks for. */
const host = {
  invoke: async (_functionId: string, event: unknown) => {
    invoked.push(event);
    return 'x'.repeat((event as { length: number }).length);
  },
} as unknown as LambdaHost;

const caughtByAll = { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'Caught' };
const limits: StateMachineDefinition = {
  StartAt: 'Grow',
  States: {
    Grow: { Type: 'Task', Resource: GROW, Catch: [caughtByAll], Next: 'Done' },
    Caught: { Type: 'Pass', Parameters: { 'caught.$': '$.failure.Error' }, End: true },
    Done: { Type: 'Succeed' },
  },
};
const passFirst: StateMachineDefinition = {
  StartAt: 'Pad',
  States: {
    Pad: { Type: 'Pass', Result: 'y'.repeat(STATE_PAYLOAD_BYTES), ResultPath: '$.padding', Next: 'Trim' },
    Trim: { Type: 'Pass', Parameters: { 'length.$': '$.length' }, Next: 'Grow' },
    Grow: { Type: 'Task', Resource: GROW, Catch: [caughtByAll], End: true },
    Caught: { Type: 'Pass', End: true },
  },
};

/** The machines' role: its task states may invoke any function. */
const invokesAnyFunction = (id: string) => ({
  roleArn: `arn:aws:iam::000000000000:role/${id}Role`,
  sessionArn: `arn:aws:sts::000000000000:assumed-role/${id}Role/${id}`,
  policies: [{ name: 'invoke', policy: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: '*' }] } }],
});

let stepFunctions: Awaited<ReturnType<typeof startStepFunctions>>;
let client: SFNClient;

beforeAll(async () => {
  stepFunctions = await startStepFunctions({
    host,
    stateMachines: [
      { logicalId: 'Limits', arn: MACHINE, definition: limits, taskFunctions: { Grow: 'Grow' } },
      { logicalId: 'PassFirst', arn: PASS_FIRST, definition: passFirst, taskFunctions: { Grow: 'Grow' } },
    ],
    iam: new LocalIam(new Map(['Limits', 'PassFirst'].map((id) => [id, invokesAnyFunction(id)]))),
    waitOverridesMs: {},
    onExecutionEnded: async () => undefined,
    onError: () => undefined,
    meter: new UsageMeter(),
  });
  client = new SFNClient({ endpoint: stepFunctions.endpoint, region: 'us-east-1', credentials: RUNTIME_CREDENTIALS });
});
afterAll(() => stepFunctions?.close());

async function run(stateMachineArn: string, input: unknown) {
  const { executionArn } = await client.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }));
  for (;;) {
    const execution = await client.send(new DescribeExecutionCommand({ executionArn }));
    if (execution.status !== 'RUNNING') return execution;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('state data over 256 KiB', () => {
  it('a task result under the limit passes', async () => {
    expect(await run(MACHINE, { length: 1000 })).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('a task result over it fails the execution with States.DataLimitExceeded, past the States.ALL catch', async () => {
    const execution = await run(MACHINE, { length: STATE_PAYLOAD_BYTES });
    expect(execution).toMatchObject({ status: 'FAILED', error: 'States.DataLimitExceeded' });
    expect(execution.cause).toMatch(/returned a result with a size exceeding the maximum number of bytes service limit/);
  });

  it('a Pass state’s output over it fails the execution, though the next state would trim it', async () => {
    invoked.length = 0;
    expect(await run(PASS_FIRST, { length: 10 })).toMatchObject({ status: 'FAILED', error: 'States.DataLimitExceeded' });
    expect(invoked).toEqual([]);
  });

  it('an execution input over it is refused by StartExecution', async () => {
    await expect(client.send(new StartExecutionCommand({ stateMachineArn: MACHINE, input: JSON.stringify({ length: 1, padding: 'z'.repeat(STATE_PAYLOAD_BYTES) }) }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it('a Lambda result over Lambda’s own 6 MB is the function’s error, which a catch does take', async () => {
    expect(await run(MACHINE, { length: 7 * 1024 * 1024 })).toMatchObject({ status: 'SUCCEEDED', output: JSON.stringify({ caught: 'Function.ResponseSizeTooLarge' }) });
  });
});
