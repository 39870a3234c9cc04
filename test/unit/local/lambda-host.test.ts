import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDLER_METADATA_KEY } from '../../../lib/handler-metadata.js';
import { bundledInstances, LambdaHost, sourceInstances, type LambdaHostOptions } from '../../../local/lambda-host.js';
import { UsageMeter } from '../../../local/meter.js';
import type { CfnTemplate } from '../../../local/template.js';

const handlersDir = path.join(import.meta.dirname, 'lambda-handlers');

/** A template with one function per fixture handler, as the stack declares them. */
function template(timeoutSeconds = 30): CfnTemplate {
  const fn = (handler: string, memorySize = 512) => ({
    Type: 'AWS::Lambda::Function',
    Metadata: { [HANDLER_METADATA_KEY]: handler },
    Properties: { Timeout: timeoutSeconds, MemorySize: memorySize },
  });
  return {
    Resources: {
      EchoFunction: fn('echo'),
      OtherEchoFunction: fn('echo'),
      FailFunction: fn('fail'),
      MetricFunction: fn('metric'),
      CrashFunction: fn('crash'),
      SpinFunction: fn('spin'),
      HogFunction: fn('hog', 128),
      RenderWorkerFunction: fn('log'),
      PageWorkerFunction: fn('log'),
      ApiPriorityFunction: fn('priority'),
      WorkerPriorityFunction: fn('priority'),
      ThreadNameFunction: fn('thread-name'),
    },
  };
}

/** What an instance of a function sees: a variable naming its function, and the others' left out. */
const environment = (logicalId: string) => ({ PATH: process.env.PATH ?? '', FUNCTION_OWN_VARIABLE: `set for ${logicalId}`, ...(logicalId === 'EchoFunction' ? { ECHO_ONLY: 'echo' } : {}) });

describe('the Lambda host with each function in instances of its own, from the source built to JavaScript', () => {
  let host: LambdaHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });
  const start = async (options: LambdaHostOptions & { timeoutSeconds?: number } = {}) => {
    const meter = new UsageMeter();
    const fixture = template(options.timeoutSeconds);
    host = new LambdaHost(fixture, meter, { threads: 2, code: await sourceInstances(fixture, environment, handlersDir), ...options });
    return { host, meter };
  };

  it("returns the handler's result from another thread and meters the invocation", async () => {
    const { host, meter } = await start();
    const result = (await host.invoke('EchoFunction', { page: 'https://site.test/' })) as { event: unknown; remainingMs: number; threadId: number };
    expect(result.event).toEqual({ page: 'https://site.test/' });
    expect(result.threadId).not.toBe(threadId);
    expect(result.remainingMs).toBeGreaterThan(0);
    expect(result.remainingMs).toBeLessThanOrEqual(30_000);
    expect(meter.snapshot().lambdaInvocations).toBe(1);
    expect(host.busy).toBe(0);
  });

  it.runIf(process.platform === 'linux')("runs a caller-facing function at the process's priority and the others, and what they start, below it", async () => {
    const { host } = await start({ interactive: new Set(['ApiPriorityFunction']) });
    const own = getPriority();
    expect(await host.invoke('ApiPriorityFunction', {})).toEqual({ thread: own, child: own, process: own });
    const below = Math.min(19, own + 10);
    expect(await host.invoke('WorkerPriorityFunction', {})).toEqual({ thread: below, child: below, process: own });
  });

  it.runIf(process.platform === 'linux')("names each instance's thread after its function, as top -H and the crawl bench show it", async () => {
    const { host } = await start();
    expect(await host.invoke('ThreadNameFunction', {})).toBe('thread-name');
  });

  it('sends concurrent invocations to the least busy thread', async () => {
    const { host } = await start();
    const results = (await Promise.all([host.invoke('EchoFunction', { waitMs: 300 }), host.invoke('EchoFunction', { waitMs: 300 })])) as Array<{ threadId: number }>;
    expect(new Set(results.map((result) => result.threadId)).size).toBe(2);
  });

  it("rejects with the handler's error, its name, message and fields intact", async () => {
    const { host } = await start();
    const error = await host.invoke('FailFunction', {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'PageStoreRefused', message: 'the page store refused the write', code: 'E_REFUSED' });
  });

  it("times the invocation out at the function's timeout", async () => {
    const { host } = await start({ timeoutSeconds: 1 });
    await host.invoke('EchoFunction', {}); // the import, Lambda's init phase, is outside the timeout
    await expect(host.invoke('EchoFunction', { waitMs: 5_000 })).rejects.toThrow('Task timed out after 1 seconds');
    expect(host.busy).toBe(0);
  });

  it('runs an interceptor in this thread around the invocation in a worker', async () => {
    const { host } = await start();
    const seen: unknown[] = [];
    host.intercept('echo', async (event, run) => {
      seen.push(event);
      const result = (await run()) as { threadId: number };
      return { ...result, intercepted: true };
    });
    const result = await host.invoke('EchoFunction', { n: 1 });
    expect(seen).toEqual([{ n: 1 }]);
    expect(result).toMatchObject({ intercepted: true });
    expect((result as { threadId: number }).threadId).not.toBe(threadId);
  });

  it("shows each function its own environment and no other function's", async () => {
    const { host } = await start();
    expect(await host.invoke('EchoFunction', { variable: 'FUNCTION_OWN_VARIABLE' })).toMatchObject({ variable: 'set for EchoFunction' });
    expect(await host.invoke('OtherEchoFunction', { variable: 'FUNCTION_OWN_VARIABLE' })).toMatchObject({ variable: 'set for OtherEchoFunction' });
    expect(await host.invoke('OtherEchoFunction', { variable: 'ECHO_ONLY' })).toMatchObject({ variable: undefined });
  });

  it('runs two functions of the same handler in instances of their own', async () => {
    const { host } = await start();
    const [echo, other] = (await Promise.all([host.invoke('EchoFunction', {}), host.invoke('OtherEchoFunction', {})])) as Array<{ threadId: number }>;
    expect(echo?.threadId).not.toBe(other?.threadId);
  });

  it('answers a function while another keeps its own instance busy', async () => {
    const { host } = await start({ threads: 1 });
    await Promise.all([host.invoke('EchoFunction', {}), host.invoke('SpinFunction', { spinMs: 1 })]);
    const spinning = host.invoke('SpinFunction', { spinMs: 3_000 });
    const started = performance.now();
    await host.invoke('EchoFunction', {});
    const waitedMs = performance.now() - started;
    await spinning;
    // In one shared instance the echo would wait out the 3 s spin.
    expect(waitedMs).toBeLessThan(2_000);
  });

  it('fails an invocation whose instance outgrows its MemorySize as Lambda does, and replaces the instance', async () => {
    const threadErrors: Error[] = [];
    const { host } = await start({ onThreadError: (error) => threadErrors.push(error) });
    await expect(host.invoke('HogFunction', {})).rejects.toMatchObject({ name: 'Runtime.OutOfMemory', message: expect.stringContaining('128 MB') });
    expect(threadErrors.map((error) => (error as { code?: string }).code)).toEqual(['ERR_WORKER_OUT_OF_MEMORY']);
    expect(await host.invoke('EchoFunction', {})).toMatchObject({ event: {} });
    await expect(host.invoke('HogFunction', {})).rejects.toMatchObject({ name: 'Runtime.OutOfMemory' });
  });

  it("forwards the threads' metric lines to the runtime's log", async () => {
    const lines: string[] = [];
    const { host } = await start({ onMetricLine: (line) => lines.push(line) });
    await host.invoke('MetricFunction', {});
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ JobsCreated: 1 });
  });

  it("fails a crashed instance's invocation, replaces the instance, and leaves other functions' instances be", async () => {
    const threadErrors: Error[] = [];
    const { host } = await start({ threads: 1, onThreadError: (error) => threadErrors.push(error) });
    const before = (await host.invoke('EchoFunction', {})) as { threadId: number };
    await expect(host.invoke('CrashFunction', {})).rejects.toMatchObject({ name: 'Runtime.ExitError', message: expect.stringContaining('the instance broke') });
    await expect(host.invoke('CrashFunction', {})).rejects.toMatchObject({ name: 'Runtime.ExitError' });
    expect(threadErrors.map((error) => error.message)).toEqual(['the instance broke', 'the instance broke']);
    const after = (await host.invoke('EchoFunction', {})) as { threadId: number };
    expect(after.threadId).toBe(before.threadId);
  });

  it('ends every thread when it closes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lambda-host-'));
    try {
      const exitLog = path.join(dir, 'exits');
      const { host: started } = await start();
      const results = (await Promise.all([started.invoke('EchoFunction', { exitLog, waitMs: 200 }), started.invoke('EchoFunction', { exitLog, waitMs: 200 })])) as Array<{ threadId: number }>;
      await started.close();
      host = undefined;
      const ended = (await readFile(exitLog, 'utf8')).trim().split('\n').map(Number);
      expect(ended.sort()).toEqual(results.map((result) => result.threadId).sort());
      await expect(started.invoke('EchoFunction', {})).rejects.toThrow('closed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the Lambda host in this thread', () => {
  it('runs the same handlers with the same results and errors', async () => {
    const lines: string[] = [];
    const host = new LambdaHost(template(), new UsageMeter(), { code: { kind: 'in-thread', handlersDir }, onMetricLine: (line) => lines.push(line) });
    try {
      expect(await host.invoke('EchoFunction', { n: 1 })).toMatchObject({ event: { n: 1 }, threadId });
      await expect(host.invoke('FailFunction', {})).rejects.toMatchObject({ name: 'PageStoreRefused', code: 'E_REFUSED' });
    } finally {
      await host.close();
    }
  });

  it('names, in each log line, the function that wrote it while several run at once', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      for (const line of String(chunk).split('\n').filter((text) => text.startsWith('{'))) lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    }) as typeof process.stderr.write;
    const host = new LambdaHost(template(), new UsageMeter(), { code: { kind: 'in-thread', handlersDir } });
    try {
      // The render worker starts first and logs last, after the page worker's invocation began.
      await Promise.all([host.invoke('RenderWorkerFunction', { waitMs: 200 }), host.invoke('PageWorkerFunction', { waitMs: 50 })]);
    } finally {
      process.stderr.write = write;
      await host.close();
    }
    expect(lines.map((line) => [line.message, line.function_name])).toEqual([
      ['something failed', 'PageWorkerFunction'],
      ['something failed', 'RenderWorkerFunction'],
    ]);
  });
});

describe('the Lambda host running bundles', () => {
  // A bundle as esbuild writes it: one ES module, `index.handler`, nothing beside it.
  const BUNDLE = `import { threadId } from 'node:worker_threads';
export const handler = async (event) => {
  if (event.metric) process.stdout.write('{"_aws":{"Timestamp":1},"JobsCreated":1}\\n');
  if (event.import) await import(event.import);
  return { threadId, variable: process.env[event.variable ?? 'TABLE'], taskRoot: process.env.LAMBDA_TASK_ROOT };
};
`;
  let dir: string;
  let host: LambdaHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const start = async (onMetricLine: (line: string) => void = () => undefined) => {
    dir = await mkdtemp(path.join(tmpdir(), 'bundles-'));
    for (const name of ['echo', 'log']) {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, 'index.mjs'), BUNDLE);
    }
    const fn = (handler: string) => ({ Type: 'AWS::Lambda::Function', Metadata: { [HANDLER_METADATA_KEY]: handler }, Properties: { Handler: 'index.handler', Timeout: 30, MemorySize: 512 } });
    const bundled: CfnTemplate = { Resources: { EchoFunction: fn('echo'), LogFunction: fn('log') } };
    const bundleDir = (id: string) => path.join(dir, id === 'EchoFunction' ? 'echo' : 'log');
    host = new LambdaHost(bundled, new UsageMeter(), {
      code: bundledInstances(bundleDir, (id) => ({ TABLE: `table of ${id}`, LAMBDA_TASK_ROOT: bundleDir(id) })),
      onMetricLine,
    });
    return host;
  };

  it('runs each function in instances of its own, each seeing its own environment', async () => {
    const started = await start();
    const [echo, log] = (await Promise.all([started.invoke('EchoFunction', {}), started.invoke('LogFunction', {})])) as Array<{ threadId: number; variable: string; taskRoot: string }>;
    expect(echo?.threadId).not.toBe(log?.threadId);
    expect([echo?.variable, log?.variable]).toEqual(['table of EchoFunction', 'table of LogFunction']);
    expect(echo?.taskRoot).toBe(path.join(dir, 'echo'));
  });

  it('picks the metric lines out of what the bundle writes to stdout, as CloudWatch Logs does', async () => {
    const lines: string[] = [];
    await (await start((line) => lines.push(line))).invoke('EchoFunction', { metric: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([{ _aws: { Timestamp: 1 }, JobsCreated: 1 }]);
  });

  it('fails a bundle that imports a package it does not carry, as Lambda would', async () => {
    const started = await start();
    await expect(started.invoke('EchoFunction', { import: 'zod' })).rejects.toThrow(/Cannot find package 'zod'/);
  });
});
