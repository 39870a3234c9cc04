import { ExecutionAbortedError, ExecutionTimeoutError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { jsonProtocolRefusal, signedJsonRequest, type LocalIam } from './iam/authorizer.js';
import { lambdaInvokeAction, stepFunctionsActions } from './iam/request-actions.js';
import type { LambdaHost } from './lambda-host.js';
import type { UsageMeter } from './meter.js';
import { ProtocolError, startJsonEndpoint } from './json-endpoint.js';
import { delayResponse, addLatency } from './latency.js';
import { checkExecutionInput, checkStateData, invokeWithinLimits, ServiceLimitError, StateDataLimitExceeded } from './service-limits.js';

// aws-local-stepfunctions uses Promise.withResolvers, which Node 22 has and Node 20 lacks.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: string;
  status: ExecutionStatus;
  startDate: number;
  stopDate?: number;
  output?: string;
  /** The error name a failed execution ends with, and its cause. */
  error?: string;
  cause?: string;
  abort(): void;
  done: Promise<void>;
}

export interface LocalStateMachine {
  /** Its logical id in the template, which names its role's identity. */
  logicalId: string;
  arn: string;
  definition: StateMachineDefinition;
  /** Task state name → Lambda logical id, from the Task states' resolved `Resource`. */
  taskFunctions: Record<string, string>;
}

export interface StepFunctionsOptions {
  host: LambdaHost;
  stateMachines: LocalStateMachine[];
  /** Wait states whose time is replaced (ms), such as the wait between level checks in tests. */
  waitOverridesMs: Record<string, number>;
  /** Called when an execution ends other than by succeeding, like the EventBridge status-change event. */
  onExecutionEnded(execution: { executionArn: string; stateMachineArn: string; status: ExecutionStatus; input: string }): Promise<void>;
  onError(error: unknown): void;
  meter: UsageMeter;
  /** From the cloud latency model: added to each API call and to each Task state's scheduling. */
  latencyMs?: number;
  /** Checks the API's callers and the machines' own task invocations against their roles. */
  iam: LocalIam;
}

/**
 * A task whose machine's role may not invoke its function fails as it does in AWS: the Lambda
 * service's AccessDeniedException, under the name Step Functions gives errors of the Lambda API.
 */
class LambdaServiceError extends Error {
  override name = 'Lambda.AWSLambdaException';
}

async function checkTaskInvocation(iam: LocalIam, machine: LocalStateMachine, functionId: string): Promise<void> {
  const denial = await iam.denial(machine.logicalId, [lambdaInvokeAction(functionId)]);
  if (denial) throw new LambdaServiceError(`${denial} (Service: AWSLambda; Status Code: 403; Error Code: AccessDeniedException)`);
}

const executionArnOf = (machine: LocalStateMachine, name: string) => `${machine.arn.replace(':stateMachine:', ':execution:')}:${name}`;

/**
 * Starts an execution of a machine, its Task states calling the hosted handlers. An execution
 * that ends other than by succeeding is announced, unless `isStopping` says the runtime is
 * shutting down: then it is settled at the next start, not half-way through stopping.
 */
function runExecution(stateMachine: StateMachine, machine: LocalStateMachine, name: string, input: string, options: StepFunctionsOptions, isStopping: () => boolean): Execution {
  const executionArn = executionArnOf(machine, name);
  // A state whose output is over the limit ends the execution. The engine reports each output after
  // its state, so a task waits for the reports of the states before it; the events end with the
  // execution, and the execution's status waits for them.
  let dataLimitExceeded: StateDataLimitExceeded | undefined;
  const taskResourceLocalHandlers = Object.fromEntries(
    Object.entries(machine.taskFunctions).map(([state, functionId]) => [
      state,
      async (taskInput: unknown) => {
        checkStateData(state, taskInput, 'input');
        await new Promise(setImmediate);
        if (dataLimitExceeded) throw dataLimitExceeded;
        await addLatency(options.latencyMs);
        await checkTaskInvocation(options.iam, machine, functionId);
        const result = await invokeWithinLimits((event) => options.host.invoke(functionId, event), taskInput, 'RequestResponse');
        checkStateData(state, result, 'output');
        return result as never;
      },
    ]),
  );
  const run = stateMachine.run(JSON.parse(input), { overrides: { taskResourceLocalHandlers, waitTimeOverrides: options.waitOverridesMs } });
  const watched = (async () => {
    for await (const event of run.eventLogs) {
      if (event.type === 'StateEntered') options.meter.stateTransition();
      if (event.type !== 'StateExited' || dataLimitExceeded) continue;
      try {
        checkStateData(event.state.name, event.state.output, 'output');
      } catch (error) {
        dataLimitExceeded = error as StateDataLimitExceeded;
        run.abort();
      }
    }
  })();
  const execution: Execution = {
    executionArn,
    stateMachineArn: machine.arn,
    name,
    input,
    status: 'RUNNING',
    startDate: Date.now() / 1000,
    abort: run.abort,
    done: Promise.resolve(),
  };
  const fail = (error: Error) => Object.assign(execution, { status: 'FAILED', error: error.name, cause: error.message });
  execution.done = Promise.allSettled([run.result, watched]).then(([result]) => {
    if (dataLimitExceeded) return fail(dataLimitExceeded);
    if (result.status === 'fulfilled') return Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(result.value) });
    const error = result.reason as Error;
    if (error instanceof ExecutionAbortedError) execution.status = 'ABORTED';
    else if (error instanceof ExecutionTimeoutError) Object.assign(execution, { status: 'TIMED_OUT', error: 'States.Timeout' });
    // The engine wraps the state's error; the execution fails with the state's error name.
    else fail((error.cause as Error | undefined) ?? error);
  }).then(async () => {
    execution.stopDate = Date.now() / 1000;
    if (execution.status !== 'SUCCEEDED' && !isStopping()) {
      await options.onExecutionEnded({ executionArn, stateMachineArn: machine.arn, status: execution.status, input }).catch(options.onError);
    }
  });
  return execution;
}

/** DescribeExecution's answer. */
function describeExecution(execution: Execution) {
  return {
    executionArn: execution.executionArn,
    stateMachineArn: execution.stateMachineArn,
    name: execution.name,
    status: execution.status,
    startDate: execution.startDate,
    stopDate: execution.stopDate,
    input: execution.input,
    output: execution.output,
    error: execution.error,
    cause: execution.cause,
  };
}

/**
 * A Step Functions endpoint (StartExecution, DescribeExecution, StopExecution) that runs the stack's
 * own state machine definition with aws-local-stepfunctions, its Task states calling the hosted
 * Lambda handlers.
 */
export async function startStepFunctions(options: StepFunctionsOptions) {
  const executions = new Map<string, Execution>();
  let stopping = false;
  // Constructing a StateMachine validates the whole definition, hundreds of milliseconds of CPU
  // that would stall every request; one instance per machine runs all its executions.
  const machines = new Map(
    options.stateMachines.map((machine) => [machine.arn, { machine, compiled: new StateMachine(machine.definition, { validationOptions: { checkArn: false } }) }]),
  );
  const existingExecution = (input: Record<string, unknown>) => {
    const execution = executions.get(String(input.executionArn));
    if (!execution) throw new ProtocolError('ExecutionDoesNotExist', `Execution ${String(input.executionArn)} does not exist`);
    return execution;
  };

  const endpoint = await startJsonEndpoint(
    'AWSStepFunctions',
    {
      StartExecution: async (input) => {
        const found = machines.get(String(input.stateMachineArn));
        if (!found) throw new ProtocolError('StateMachineDoesNotExist', `State machine ${String(input.stateMachineArn)} does not exist`);
        const name = String(input.name ?? crypto.randomUUID());
        const executionArn = executionArnOf(found.machine, name);
        if (executions.has(executionArn)) throw new ProtocolError('ExecutionAlreadyExists', `Execution ${name} already exists`);
        const executionInput = String(input.input ?? '{}');
        try {
          checkExecutionInput(executionInput);
        } catch (error) {
          throw new ProtocolError((error as ServiceLimitError).name, (error as ServiceLimitError).message);
        }
        const execution = runExecution(found.compiled, found.machine, name, executionInput, options, () => stopping);
        executions.set(executionArn, execution);
        return { executionArn, startDate: execution.startDate };
      },
      DescribeExecution: async (input) => describeExecution(existingExecution(input)),
      StopExecution: async (input) => {
        const execution = existingExecution(input);
        if (execution.status === 'RUNNING') execution.abort();
        await execution.done;
        return { stopDate: execution.stopDate };
      },
    },
    (request, response) => {
      options.meter.countJsonRequest('StepFunctions', request);
      delayResponse(response, options.latencyMs);
    },
    async (request, body, target) => {
        const verdict = await options.iam.authorize(signedJsonRequest(request, body), 'states', () => stepFunctionsActions(target, JSON.parse(body || '{}') as Record<string, string>));
      if (!('refusal' in verdict)) return;
      const { status, type, message } = jsonProtocolRefusal(verdict.refusal, 400);
      throw new ProtocolError(type, message, status);
    },
  );

  return {
    endpoint: endpoint.endpoint,
    running: () => [...executions.values()].filter((execution) => execution.status === 'RUNNING').length,
    /** Aborts what still runs (the host is stopping) and waits for the executions to settle. */
    async close(): Promise<void> {
      stopping = true;
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      await Promise.allSettled([...executions.values()].map((execution) => execution.done));
      await endpoint.close();
    },
  };
}
