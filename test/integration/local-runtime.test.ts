import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';

/** `npm start` as a user runs it: a separate process, configured only through the environment. */
function startProcess(dataDir: string) {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', CRAWL_DATA_DIR: dataDir },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const url = /ready in [\d.]+ s: (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearInterval(timer);
        resolve(url);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited with ${String(code)} before it was ready:\n${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
}

function stop(child: ChildProcessWithoutNullStreams, exited: Promise<number | null>) {
  child.kill('SIGTERM');
  return exited;
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-npm-start-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves /health, prints a development key that works, refuses a second start on the same data, and stops cleanly', async () => {
    const first = startProcess(dataDir);
    const url = await first.ready;
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
    const key = (await readFile(path.join(dataDir, 'dev-api-key'), 'utf8')).trim();
    expect(first.output()).toContain(key);
    const usage = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);

    const second = startProcess(dataDir);
    await expect(second.ready).rejects.toThrow(/Another local runtime \(pid \d+\) is using/);
    expect(await second.exited).toBe(1);

    expect(await stop(first.child, first.exited)).toBe(0);
  }, 120_000);

  it('keeps its data across a restart', async () => {
    const again = startProcess(dataDir);
    const url = await again.ready;
    const key = (await readFile(path.join(dataDir, 'dev-api-key'), 'utf8')).trim();
    expect(again.output()).not.toContain(key);
    expect((await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(await stop(again.child, again.exited)).toBe(0);
  }, 120_000);
});
