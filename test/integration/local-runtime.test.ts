import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';
import { page, startSite } from '../helpers/site.js';

/**
 * `npm start` as a user runs it: a separate process, configured only through the environment.
 * tsx is loaded with `--import` rather than through its CLI: the CLI relays SIGTERM and, if the
 * child has not confirmed within 30 ms (a loaded CI machine), kills it, which would test tsx's
 * timing instead of our shutdown.
 */
function startProcess(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', CRAWL_DATA_DIR: dataDir, ...env },
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

  it('resumes a crawl cut by a restart, and delivers every page once', async () => {
    const links = Array.from({ length: 8 }, (_, i) => `/p/${i}`);
    const site = await startSite({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/': page('Home', links),
      ...Object.fromEntries(links.map((link) => [link, { body: page(`Page ${link}`), delayMs: 300 }])),
    });
    const crawlDir = await mkdtemp(path.join(tmpdir(), 'crawl-npm-start-resume-'));
    const usersFile = path.join(crawlDir, 'users.json');
    const key = 'resume-key-00001';
    await writeFile(usersFile, JSON.stringify([{ user_id: 'resumer', api_key: key, plan: 'pro', monthly_pages: 100 }]));
    // Redelivery after the restart waits for the visibility timeout; keep it short here.
    const env = { CRAWL_HOST_OVERRIDES: site.overrides, CRAWL_SEED_USERS: usersFile, CRAWL_LOCAL_QUEUE_VISIBILITY_SECONDS: '2', CRAWL_PAGE_LEASE_SECONDS: '1' };
    const auth = { authorization: `Bearer ${key}` };
    try {
      const first = startProcess(crawlDir, env);
      let url = await first.ready;
      const created = await fetch(`${url}/v1/jobs`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://site.test/', mode: 'full', max_depth: 1, concurrency: 1, check_tos: false }),
      });
      const { id } = (await created.json()) as { id: string };
      const job = async () => (await (await fetch(`${url}/v1/jobs/${id}`, { headers: auth })).json()) as { status: string; progress: { pages_crawled: number } };
      while ((await job()).progress.pages_crawled < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await stop(first.child, first.exited)).toBe(0);

      const second = startProcess(crawlDir, env);
      url = await second.ready;
      expect(second.output()).toContain('resumed 1 unfinished crawl');
      let state = await job();
      for (let i = 0; i < 300 && (state.status === 'running' || state.status === 'queued'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await job();
      }
      expect(state.status).toBe('completed');
      const document = await (await fetch(`${url}/v1/jobs/${id}/result`, { headers: auth })).text();
      expect([...document.matchAll(/^URL: (.+)$/gm)].map((match) => match[1])).toEqual(['https://site.test/', ...links.map((link) => `https://site.test${link}`)]);
      expect(await stop(second.child, second.exited)).toBe(0);
    } finally {
      await site.close();
      await rm(crawlDir, { recursive: true, force: true });
    }
  }, 120_000);
});
