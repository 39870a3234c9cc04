import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { startTestRuntime, type TestRuntime } from './runtime.js';

interface Closable {
  close(): unknown;
}

/**
 * What an integration test file starts before its tests and must stop after them: the clients that
 * call the runtime, the sites it crawls, the local runtime, scratch directories. Whatever the file,
 * they end in one order: the file's changes to the process undone (an environment variable, an
 * interception), then the clients (nothing calls the runtime any more), the sites (a fetch still
 * waiting on a slow page ends at once instead of holding the runtime's shutdown), the runtime, and
 * the scratch directories. What a failed `beforeAll` had started is stopped too, and a close that
 * fails keeps none of the others open.
 *
 * ```ts
 * const lifecycle = testLifecycle();
 * beforeAll(async () => {
 *   site = lifecycle.site(await startSite({ '/': page('Home') }));
 *   runtime = await lifecycle.runtime({ users, hostOverrides: site.overrides });
 * });
 * ```
 */
export function testLifecycle() {
  const undos: Array<() => unknown> = [];
  const clients: Closable[] = [];
  const sites: Closable[] = [];
  let runtime: TestRuntime | undefined;
  const scratches: string[] = [];

  afterAll(async () => {
    const close = (closable: Closable) => () => closable.close();
    const steps = [
      ...[...undos].reverse(),
      ...[...clients].reverse().map(close),
      ...[...sites].reverse().map(close),
      () => runtime?.close(),
      ...scratches.map((dir) => () => rm(dir, { recursive: true, force: true })),
    ];
    const failures: unknown[] = [];
    for (const step of steps) await Promise.resolve().then(step).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of the test file's closes failed`);
  });

  return {
    /** The local runtime of the file (one per file: it owns the process's AWS environment). */
    async runtime(options: Parameters<typeof startTestRuntime>[0]): Promise<TestRuntime> {
      if (runtime) throw new Error('one runtime per test file');
      runtime = await startTestRuntime(options);
      return runtime;
    },
    /** A server the runtime calls: a site it crawls, a webhook receiver. */
    site<Site extends Closable>(site: Site): Site {
      sites.push(site);
      return site;
    },
    /** Something that calls the runtime (or, without one, a site): an MCP client, a browser, a renderer. */
    client<Client extends Closable>(client: Client): Client {
      clients.push(client);
      return client;
    },
    /** A change to the process this file makes, undone before anything is closed. */
    undo(step: () => unknown): void {
      undos.push(step);
    },
    /** An empty directory, removed last. */
    async scratch(prefix: string): Promise<string> {
      const dir = await mkdtemp(path.join(tmpdir(), prefix));
      scratches.push(dir);
      return dir;
    },
  };
}
