import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDLER_METADATA_KEY } from '../../../lib/handler-metadata.js';
import { LambdaHost, type LambdaHostOptions } from '../../../local/lambda-host.js';
import { UsageMeter } from '../../../local/meter.js';
import type { CfnTemplate } from '../../../local/template.js';

const handlersDir = path.join(import.meta.dirname, 'lambda-handlers');

/** A template with one function per fixture handler, as the stack declares them. */
function template(timeoutSeconds = 30): CfnTemplate {
  const fn = (handler: string) => ({
    Type: 'AWS::Lambda::Function',
    Metadata: { [HANDLER_METADATA_KEY]: handler },
    Properties: { Timeout: timeoutSeconds, MemorySize: 512 },
  });
  return {
    Resources: { EchoFunction: fn('echo'), FailFunction: fn('fail'), MetricFunction: fn('metric'), CrashFunction: fn('crash'), RenderWorkerFunction: fn('log'), PageWorkerFunction: fn('log') },
  };
}

describe('the Lambda host with worker threads', () => {
  let host: LambdaHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });
  const start = (options: LambdaHostOptions & { timeoutSeconds?: number } = {}) => {
    const meter = new UsageMeter();
    host = new LambdaHost(template(options.timeoutSeconds), meter, { threads: 2, code: { kind: 'source', handlersDir }, ...options });
    return { host, meter };
  };

  it("returns the handler's result from another thread and meters the invocation", async () => {
    const { host, meter } = start();
    const result = (await host.invoke('EchoFunction', { page: 'https://site.test/' })) as { event: unknown; remainingMs: number; threadId: number };
    expect(result.event).toEqual({ page: 'https://site.test/' });
    expect(result.threadId).not.toBe(threadId);
    expect(result.remainingMs).toBeGreaterThan(0);
    expect(result.remainingMs).toBeLessThanOrEqual(30_000);
    expect(meter.snapshot().lambdaInvocations).toBe(1);
    expect(host.busy).toBe(0);
  });

  it('sends concurrent invocations to the least busy thread', async () => {
    const { host } = start();
    const results = (await Promise.all([host.invoke('EchoFunction', { waitMs: 300 }), host.invoke('EchoFunction', { waitMs: 300 })])) as Array<{ threadId: number }>;
    expect(new Set(results.map((result) => result.threadId)).size).toBe(2);
  });

  it("rejects with the handler's error, its name, message and fields intact", async () => {
    const { host } = start();
    const error = await host.invoke('FailFunction', {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'PageStoreRefused', message: 'the page store refused the write', code: 'E_REFUSED' });
  });

  it("times the invocation out at the function's timeout", async () => {
    const { host } = start({ timeoutSeconds: 1 });
    await host.invoke('EchoFunction', {}); // the import, Lambda's init phase, is outside the timeout
    await expect(host.invoke('EchoFunction', { waitMs: 5_000 })).rejects.toThrow('Task timed out after 1 seconds');
    expect(host.busy).toBe(0);
  });

  it('runs an interceptor in this thread around the invocation in a worker', async () => {
    const { host } = start();
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

  it('shows the handlers the environment as it is now', async () => {
    const { host } = start();
    process.env.CRAWL_TEST_LIVE_VARIABLE = 'before';
    expect(await host.invoke('EchoFunction', { variable: 'CRAWL_TEST_LIVE_VARIABLE' })).toMatchObject({ variable: 'before' });
    process.env.CRAWL_TEST_LIVE_VARIABLE = 'after';
    expect(await host.invoke('EchoFunction', { variable: 'CRAWL_TEST_LIVE_VARIABLE' })).toMatchObject({ variable: 'after' });
    delete process.env.CRAWL_TEST_LIVE_VARIABLE;
  });

  it("forwards the threads' metric lines to the runtime's log", async () => {
    const lines: string[] = [];
    const { host } = start({ onMetricLine: (line) => lines.push(line) });
    await host.invoke('MetricFunction', {});
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ JobsCreated: 1 });
  });

  it("fails a crashed thread's invocation and carries on with a fresh thread", async () => {
    const threadErrors: Error[] = [];
    const { host } = start({ threads: 1, onThreadError: (error) => threadErrors.push(error) });
    const before = (await host.invoke('EchoFunction', {})) as { threadId: number };
    await expect(host.invoke('CrashFunction', {})).rejects.toMatchObject({ name: 'Runtime.ExitError', message: expect.stringContaining('the instance broke') });
    expect(threadErrors.map((error) => error.message)).toEqual(['the instance broke']);
    const after = (await host.invoke('EchoFunction', {})) as { threadId: number };
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('ends every thread when it closes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lambda-host-'));
    try {
      const exitLog = path.join(dir, 'exits');
      const { host: started } = start();
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
    const host = new LambdaHost(template(), new UsageMeter(), { code: { kind: 'source', handlersDir }, onMetricLine: (line) => lines.push(line) });
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
    const host = new LambdaHost(template(), new UsageMeter(), { code: { kind: 'source', handlersDir } });
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
      code: { kind: 'bundled', bundleDir, environment: (id) => ({ TABLE: `table of ${id}`, LAMBDA_TASK_ROOT: bundleDir(id) }) },
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
