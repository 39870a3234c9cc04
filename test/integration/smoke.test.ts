import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite, urlset } from '../helpers/site.js';

/**
 * `npm run smoke -- --api-url … --api-key …`, the checks an operator runs against a deployed stack,
 * run here against the local runtime as they would be against API Gateway's URL.
 */
const KEY = 'smoke-key-000001';

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: urlset(['/', '/guide']) },
    '/': page('Home', ['/guide']),
    '/guide': page('Guide'),
  }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'smoke', api_key: KEY, plan: 'pro', monthly_pages: 1000 }], hostOverrides: site.overrides, lambdaThreads: 1 });
}, 120_000);

/** The smoke as an operator runs it: npm, a separate process, its output and exit code. */
function smoke(args: string[]): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'smoke', '--', ...args], { cwd: PROJECT_ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, lines: output.trim().split('\n') }));
  });
}

describe('npm run smoke against a deployment', { timeout: 240_000 }, () => {
  it('prints one line per check and the total, and exits 0 when all pass', async () => {
    const { code, lines } = await smoke(['--api-url', `${runtime.url}/`, '--api-key', KEY, '--site', 'https://site.test/']);
    expect(lines.map((line) => line.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'PASS health',
      'PASS openapi',
      'PASS preview',
      'PASS pdf',
      'PASS crawl',
      'PASS document',
      'PASS ledger',
      '7 passed,',
    ]);
    expect(lines.at(-1)).toBe('7 passed, 0 failed');
    expect(lines.find((line) => line.includes('ledger'))).toContain('https://site.test/guide crawled');
    expect(code).toBe(0);
  });

  it('says which checks failed and exits 1 with a key the deployment does not know', async () => {
    const { code, lines } = await smoke(['--api-url', runtime.url, '--api-key', 'not-a-key-of-this-stack', '--site', 'https://site.test/']);
    expect(lines[0]).toMatch(/^FAIL {2}health +GET \/v1\/account answered 401/);
    expect(lines.at(-1)).toMatch(/^\d passed, [1-7] failed$/);
    expect(code).toBe(1);
  });
});
