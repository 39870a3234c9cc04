import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';
import { descendantsOf, portClosed, survivorsAfter } from '../helpers/processes.js';
import { page, startSite } from '../helpers/site.js';

const started = new Set<ChildProcessWithoutNullStreams>();

/**
 * `npm start` as a user runs it: a separate process, configured only through the environment.
 * tsx is loaded with `--import` rather than through its CLI: the CLI relays SIGTERM and, if the
 * child has not confirmed within 30 ms (a loaded CI machine), kills it, which would test tsx's
 * timing instead of our shutdown; and a SIGKILL reaches the runtime itself, not a launcher.
 */
function startProcess(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', CRAWL_DATA_DIR: dataDir, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.add(child);
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

/** `npm run admin -- <argv>` against the runtime on `dataDir`, as an operator runs it; what it prints. */
async function admin(dataDir: string, ...argv: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...argv, '--data-dir', dataDir], { cwd: PROJECT_ROOT });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`admin ${argv.join(' ')} exited with ${String(code)}: ${errors}`);
  return output;
}

function stop(child: ChildProcessWithoutNullStreams, exited: Promise<number | null>) {
  child.kill('SIGTERM');
  return exited;
}

const ROBOTS = { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' };

type Job = { status: string; progress: { pages_crawled: number }; quota: { reserved: number; charged: number } };

/** A data directory with one seeded user, and the environment that pins the fixture site to loopback. */
async function crawlSetup(name: string, overrides: string) {
  const crawlDir = await mkdtemp(path.join(tmpdir(), `crawl-npm-start-${name}-`));
  const usersFile = path.join(crawlDir, 'users.json');
  const key = `${name}-key-00001`;
  await writeFile(usersFile, JSON.stringify([{ user_id: name, api_key: key, plan: 'pro', monthly_pages: 1000 }]));
  // Messages in flight when the runtime stops come back after the visibility timeout; keep it short here.
  const env = { CRAWL_HOST_OVERRIDES: overrides, CRAWL_SEED_USERS: usersFile, CRAWL_LOCAL_QUEUE_VISIBILITY_SECONDS: '2', CRAWL_PAGE_LEASE_SECONDS: '1' };
  return { crawlDir, env, auth: { authorization: `Bearer ${key}` } };
}

async function startCrawl(url: string, auth: Record<string, string>, body: object): Promise<string> {
  const created = await fetch(`${url}/v1/jobs`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await created.json()) as { id: string }).id;
}

/** Polls the job until it ends, for up to a minute. */
async function untilEnded(job: () => Promise<Job>): Promise<Job> {
  let state = await job();
  for (let i = 0; i < 600 && (state.status === 'running' || state.status === 'queued'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await job();
  }
  return state;
}

const urlsOf = (document: string) => [...document.matchAll(/^URL: (.+)$/gm)].map((match) => match[1]);

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-npm-start-'));
});
afterAll(async () => {
  // A test that failed midway may leave a runtime behind.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves /health, prints a development key that works (and the AWS SDK’s notice about old Nodes once at most, not once per instance), refuses a second start on the same data, and stops cleanly', async () => {
    const first = startProcess(dataDir);
    const url = await first.ready;
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
    const key = (await readFile(path.join(dataDir, 'dev-api-key'), 'utf8')).trim();
    expect(first.output()).toContain(key);
    const usage = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);
    expect(first.output().split('NodeVersionSupportWarning').length - 1).toBeLessThanOrEqual(1);

    const second = startProcess(dataDir);
    await expect(second.ready).rejects.toThrow(/Another local runtime \(pid \d+\) is using/);
    expect(await second.exited).toBe(1);

    expect(await stop(first.child, first.exited)).toBe(0);
  }, 120_000);

  it('with its port already taken, says so in one line naming PORT, exits 1, and creates nothing', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const emptyDir = path.join(dataDir, 'never-created');
    try {
      const { port } = taken.address() as AddressInfo;
      const second = startProcess(emptyDir, { PORT: String(port) });
      await expect(second.ready).rejects.toThrow();
      expect(await second.exited).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toEqual([expect.stringMatching(new RegExp(`Port ${port} on 127.0.0.1 is already in use.*PORT`))]);
      await expect(stat(emptyDir)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('keeps its data across a restart', async () => {
    const again = startProcess(dataDir);
    const url = await again.ready;
    const key = (await readFile(path.join(dataDir, 'dev-api-key'), 'utf8')).trim();
    expect(again.output()).not.toContain(key);
    expect((await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(await stop(again.child, again.exited)).toBe(0);
  }, 120_000);

  it('keeps what admin commands changed on seeded users across a restart: a revoked key stays revoked', async () => {
    const seedDir = await mkdtemp(path.join(tmpdir(), 'crawl-npm-start-seed-'));
    const usersFile = path.join(seedDir, 'users.json');
    const seedUsers = (allowance: number) =>
      writeFile(
        usersFile,
        JSON.stringify([
          { user_id: 'seeded', api_key: 'seeded-key-00001', plan: 'pro', monthly_pages: allowance },
          { user_id: 'seeded-other', api_key: 'seeded-key-00002', plan: 'pro', monthly_pages: allowance },
        ]),
      );
    const env = { CRAWL_SEED_USERS: usersFile };
    const usage = (url: string, key: string) => fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    try {
      await seedUsers(1000);
      const first = startProcess(seedDir, env);
      const url = await first.ready;
      expect((await usage(url, 'seeded-key-00001')).status).toBe(200);
      expect(await admin(seedDir, 'revoke-key', '--key', 'seeded-key-00001')).toContain('Revoked key');
      expect(await admin(seedDir, 'create-user', '--user', 'seeded-other', '--plan', 'pro', '--monthly-pages', '7')).toContain('7 pages per month');
      expect((await usage(url, 'seeded-key-00001')).status).toBe(401);
      expect(await stop(first.child, first.exited)).toBe(0);

      // a new allowance in the file reaches the user whose allowance no admin changed, not the other
      await seedUsers(2000);
      const second = startProcess(seedDir, env);
      const again = await second.ready;
      const revoked = await usage(again, 'seeded-key-00001');
      expect(revoked.status).toBe(401);
      expect(await revoked.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect(JSON.parse(await admin(seedDir, 'usage', '--user', 'seeded', '--json'))).toMatchObject({ allowance: 2000 });
      expect(await (await usage(again, 'seeded-key-00002')).json()).toMatchObject({ allowance: 7 });
      expect(await stop(second.child, second.exited)).toBe(0);
    } finally {
      await rm(seedDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('resumes a crawl cut by a restart, and delivers every page once', async () => {
    const links = Array.from({ length: 8 }, (_, i) => `/p/${i}`);
    const site = await startSite({
      '/robots.txt': ROBOTS,
      '/': page('Home', links),
      ...Object.fromEntries(links.map((link) => [link, { body: page(`Page ${link}`), delayMs: 300 }])),
    });
    const { crawlDir, env, auth } = await crawlSetup('resume', site.overrides);
    try {
      const first = startProcess(crawlDir, env);
      let url = await first.ready;
      const id = await startCrawl(url, auth, { url: 'https://site.test/', mode: 'full', max_depth: 1, concurrency: 1, check_tos: false });
      const job = async () => (await (await fetch(`${url}/v1/jobs/${id}`, { headers: auth })).json()) as Job;
      while ((await job()).progress.pages_crawled < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await stop(first.child, first.exited)).toBe(0);

      const second = startProcess(crawlDir, env);
      url = await second.ready;
      expect(second.output()).toContain('resumed 1 unfinished crawl');
      expect((await untilEnded(job)).status).toBe('completed');
      const document = await (await fetch(`${url}/v1/jobs/${id}/result`, { headers: auth })).text();
      expect(urlsOf(document)).toEqual(['https://site.test/', ...links.map((link) => `https://site.test${link}`)]);
      expect(await stop(second.child, second.exited)).toBe(0);
    } finally {
      await site.close();
      await rm(crawlDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('run as npm start, stops with its browser and frees its port when the npm process is killed', async () => {
    const site = await startSite({ '/robots.txt': ROBOTS, '/': page('Home') });
    const { crawlDir, env, auth } = await crawlSetup('npm-kill', site.overrides);
    // as a user runs it, in a process group of its own so that a failed test can still clean up
    const npm = spawn('npm', ['start'], { cwd: PROJECT_ROOT, detached: true, env: { ...process.env, PORT: '0', CRAWL_DATA_DIR: crawlDir, ...env } });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', resolve));
    let running: ReturnType<typeof descendantsOf> = [];
    try {
      while (!/ready in [\d.]+ s: http:\/\/\S+/.test(output)) {
        expect(npm.exitCode, output).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const url = /ready in [\d.]+ s: (http:\/\/\S+)/.exec(output)?.[1] ?? '';
      const id = await startCrawl(url, auth, { url: 'https://site.test/', mode: 'single', render: 'always', check_tos: false });
      expect(await untilEnded(async () => (await (await fetch(`${url}/v1/jobs/${id}`, { headers: auth })).json()) as Job)).toMatchObject({ status: 'completed' });
      running = descendantsOf(npm.pid ?? 0);
      expect(running.filter((entry) => /chromium/.test(entry.command)).length, running.map((entry) => entry.command).join('\n')).toBeGreaterThan(0);

      // `kill <pid of npm start>`
      process.kill(npm.pid ?? 0, 'SIGTERM');
      await exited;
      expect(await survivorsAfter(running.map((entry) => entry.pid), 30_000)).toEqual([]);
      expect(await portClosed(Number(new URL(url).port), 10_000)).toBe(true);
    } finally {
      // what a failed test left running (the browser runs in a process group of its own)
      for (const pid of await survivorsAfter(running.map((entry) => entry.pid), 0)) process.kill(pid, 'SIGKILL');
      await site.close();
      await rm(crawlDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('finishes a crawl killed with SIGKILL at several points: every page once, in BFS order, the quota charged once', async () => {
    const parents = Array.from({ length: 12 }, (_, i) => `/p/${i}`);
    const children = parents.flatMap((parent) => [0, 1, 2].map((j) => `${parent}/${j}`));
    const site = await startSite({
      '/robots.txt': ROBOTS,
      '/': page('Home', parents),
      ...Object.fromEntries(parents.map((parent, i) => [parent, { body: page(`Parent ${parent}`, children.slice(i * 3, i * 3 + 3)), delayMs: 100 }])),
      ...Object.fromEntries(children.map((child) => [child, { body: page(`Child ${child}`), delayMs: 100 }])),
    });
    const { crawlDir, env, auth } = await crawlSetup('sigkill', site.overrides);
    let running = startProcess(crawlDir, env);
    try {
      let url = await running.ready;
      const id = await startCrawl(url, auth, { url: 'https://site.test/', mode: 'full', max_depth: 2, max_pages: 100, concurrency: 2, check_tos: false });
      const job = async () => (await (await fetch(`${url}/v1/jobs/${id}`, { headers: auth })).json()) as Job;

      // Killed while level 1 runs, around the start of level 2, and in the middle of it.
      for (const killAt of [3, 9, 16, 26, 36]) {
        const deadline = Date.now() + 60_000;
        while ((await job()).progress.pages_crawled < killAt) {
          expect(Date.now(), `the crawl stopped short of ${killAt} pages`).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        running.child.kill('SIGKILL');
        expect(await running.exited).toBeNull();
        running = startProcess(crawlDir, env);
        url = await running.ready;
        expect(running.output()).toContain('resumed 1 unfinished crawl');
      }

      expect(await untilEnded(job)).toMatchObject({ status: 'completed', progress: { pages_crawled: 49 }, quota: { reserved: 100, charged: 49 } });
      const document = await (await fetch(`${url}/v1/jobs/${id}/result`, { headers: auth })).text();
      expect(urlsOf(document)).toEqual(['/', ...parents, ...children].map((route) => `https://site.test${route}`));
      const usage = (await (await fetch(`${url}/v1/usage`, { headers: auth })).json()) as { used: number; reserved: number };
      expect(usage).toMatchObject({ used: 49, reserved: 0 });
      expect(await stop(running.child, running.exited)).toBe(0);
    } finally {
      await site.close();
      await rm(crawlDir, { recursive: true, force: true });
    }
  }, 300_000);
});
