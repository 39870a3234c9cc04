import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READY_LINE } from '../../local/ready-line.js';
import { PROJECT_ROOT } from '../../local/template.js';
import { descendantsOf, portClosed, survivorsAfter, type ProcessEntry } from '../helpers/processes.js';

/*
 * `npm run demo` as a new user runs it: a process that starts the service and the local demo site,
 * then prints commands; the printed commands, run as they are in a shell, crawl the demo site; a
 * kill of the npm process stops the demo, the service and its browser.
 */
let scratch: string | undefined;
/** The demo's processes while it runs: npm start, the service, its browser. */
let running: ProcessEntry[] = [];
afterAll(async () => {
  // a demo that did not stop leaves nothing behind
  for (const pid of await survivorsAfter(running.map((entry) => entry.pid), 0)) process.kill(pid, 'SIGKILL');
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function until(probe: () => boolean, timeoutMs: number, explain: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(explain());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('npm run demo', () => {
  it('serves the demo site beside the service and prints commands that work as printed', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'crawl-demo-'));
    const demo = spawn('npm', ['run', 'demo'], { cwd: PROJECT_ROOT, detached: true, env: { ...process.env, PORT: '0', CRAWL_DATA_DIR: path.join(scratch, 'data') } });
    let output = '';
    demo.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    demo.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => demo.on('exit', resolve));
    try {
      await until(() => output.includes('Ctrl-C stops the service and the site.'), 120_000, () => `npm run demo printed no commands:\n${output}`);
      const printed = (/Try, in another terminal in this directory:\n\n([\s\S]*?)\n\n/.exec(output)?.[1] ?? '').split('\n').map((line) => line.trim());
      // the README's quick start shows these same commands, so what it shows is what is run here
      const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
      const readmeCommands = readme.split('\n').filter((line) => line.startsWith('npm run -s cli -- ') && line.includes('demo.test'));
      expect(readmeCommands.length).toBeGreaterThan(0);
      for (const line of readmeCommands) expect(printed).toContain(line.trim());
      const commands = printed
        .map((line) => line.replace(/-o (demo\.md|demo\.pdf)$/, (_match, file: string) => `-o ${path.join(scratch ?? '', file)}`));
      expect(commands.filter((line) => !line.startsWith('export '))).toEqual([
        expect.stringMatching(/^curl -s -H "Authorization: Bearer \S+" "http:\/\/127\.0\.0\.1:\d+\/v1\/sitemap\/preview\?url=https:\/\/demo\.test\/"$/),
        'npm run -s cli -- preview https://demo.test/',
        'npm run -s cli -- crawl https://demo.test/ --max-depth 1',
        expect.stringMatching(/^npm run -s cli -- preview https:\/\/demo\.test\/ \| npm run -s cli -- crawl https:\/\/demo\.test\/ --urls-file - -o \S+demo\.md$/),
        expect.stringMatching(/^npm run -s cli -- crawl https:\/\/demo\.test\/ --max-depth 1 --format pdf -o \S+demo\.pdf$/),
        'npm run -s cli -- jobs',
      ]);

      const shell = spawn('bash', ['-e', '-o', 'pipefail', '-c', commands.join('\n')], { cwd: PROJECT_ROOT, env: { ...process.env, CRAWL_API_URL: '', CRAWL_API_KEY: '' } });
      let stdout = '';
      let stderr = '';
      shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      shell.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => shell.on('close', resolve));

      expect(code, stderr).toBe(0);
      const site = ['https://demo.test/', 'https://demo.test/articles/first-crawl', 'https://demo.test/docs/configuration', 'https://demo.test/app'];
      expect(stdout).toContain(`"urls":${JSON.stringify(site)}`);
      expect(stdout).toContain(site.map((url) => `${url}\n`).join(''));
      // the full crawl's document: the static pages, the table and code, the page a script built
      expect(stdout).toContain('| `max_depth` | 3 | links away from the seed |');
      expect(stdout).toContain('```json\n{\n  "url": "https://demo.test/",');
      expect(stdout).toContain('This text was built by a script in the browser: the crawler rendered this page.');
      const selected = await readFile(path.join(scratch, 'demo.md'), 'utf8');
      expect(selected.split('\n---\n').map((section) => /^\n?URL: (\S+)/.exec(section)?.[1])).toEqual(site);
      expect(stdout).toMatch(/completed\s+select\s+4\s/);
      // the same site as a PDF, through /v1.1
      const pdf = await readFile(path.join(scratch, 'demo.pdf'));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // the terminal holds the runtime's lines and the commands; the metric lines are in their file
      expect(output).not.toContain('"_aws"');
      expect(await readFile(path.join(scratch, 'data', 'metrics.log'), 'utf8')).toMatch(/^\{"_aws":.*"JobsCreated":1\}$/m);
      // the crawl rendered /app: the service runs a browser now
      expect(descendantsOf(demo.pid ?? 0).filter((entry) => /chromium/.test(entry.command)).length).toBeGreaterThan(0);
    } finally {
      running = descendantsOf(demo.pid ?? 0);
      // `kill <pid>` of the npm process the user started: npm passes it on to the demo, which stops the service
      process.kill(demo.pid ?? 0, 'SIGTERM');
    }
    await exited;
    // the service, its browser and the site stop with it
    expect(await survivorsAfter(running.map((entry) => entry.pid), 30_000)).toEqual([]);
    expect(await portClosed(Number(new URL(READY_LINE.exec(output)?.[1] ?? 'http://127.0.0.1:1').port), 30_000)).toBe(true);
    expect(await portClosed(Number(/served on 127\.0\.0\.1:(\d+)/.exec(output)?.[1] ?? '1'), 30_000)).toBe(true);
  }, 300_000);

  it('writes its files where git ignores them: following the README leaves the clone clean', async () => {
    const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const written = [...readme.matchAll(/^npm run -s cli -- .* -o (\S+)$/gm)].map((match) => match[1] ?? '');
    expect(written).toEqual(['demo.md', 'demo.pdf']);
    // check-ignore exits 1 (execFileSync throws) for a path git would show as untracked
    for (const file of written) execFileSync('git', ['check-ignore', '--quiet', file], { cwd: PROJECT_ROOT });
  });
});
