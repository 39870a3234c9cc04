/**
 * A new user's first run, as CI makes it on a clean clone right after `npm ci`: `npm start` as a
 * real process with an empty temporary directory and data directory (no template cached, no
 * browser unpacked), a local HTTPS site with a static page, a script-built page and a sitemap;
 * then a sitemap preview, a `/v1.1` page printed to PDF, a `full` crawl with `render: auto`, and
 * the document downloaded and checked. `npm run smoke`; exits non-zero on the first thing a user would see go wrong.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { READY_LINE } from '../local/ready-line.js';
import { PROJECT_ROOT } from '../local/template.js';
import { startSite, page } from '../test/helpers/site.js';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from '../test/helpers/tls.js';

const SHELL = `<!doctype html><html><head><title>Dashboard</title></head><body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<main><h1>Dashboard</h1><p>This text was built by a script in the browser.</p></main>';</script></body></html>`;

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'first-run-'));
  const emptyTmp = path.join(scratch, 'tmp');
  const dataDir = path.join(scratch, 'data');
  process.env[TEST_CA_DIR_VARIABLE] = scratch;
  const caFile = writeRunCa(scratch);
  const site = await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n' },
    '/sitemap.xml': {
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/', '/guide', '/dashboard'].map((p) => `<url><loc>https://site.test${p}</loc></url>`).join('')}</urlset>`,
    },
    '/': page('Home', ['/guide', '/dashboard']),
    '/guide': page('Guide'),
    '/dashboard': SHELL,
  });
  await mkdir(emptyTmp);
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    detached: true,
    env: { ...process.env, PORT: '0', TMPDIR: emptyTmp, CRAWL_DATA_DIR: dataDir, NODE_EXTRA_CA_CERTS: caFile, CRAWL_HOST_OVERRIDES: site.overrides },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const step = (name: string) => console.log(`first-run smoke: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  try {
    const url = await until(() => READY_LINE.exec(output)?.[1], 180_000, () => `npm start was not ready:\n${output}`);
    step(`npm start ready at ${url}`);
    const auth = { authorization: `Bearer ${(await readFile(path.join(dataDir, 'dev-api-key'), 'utf8')).trim()}` };

    const preview = (await (await fetch(`${url}/v1/sitemap/preview?url=${encodeURIComponent('https://site.test/')}`, { headers: auth })).json()) as { urls?: string[] };
    expectEqual(preview.urls, ['https://site.test/', 'https://site.test/guide', 'https://site.test/dashboard'], 'the preview lists the sitemap');
    step('preview listed the sitemap');

    const crawl = async (version: string, request: Record<string, unknown>) => {
      const created = await fetch(`${url}/${version}/jobs`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ check_tos: false, ...request }) });
      const { id } = (await created.json()) as { id: string };
      const job = await until(
        async () => {
          const state = (await (await fetch(`${url}/v1/jobs/${id}`, { headers: auth })).json()) as { status: string; document_failures?: unknown };
          return ['completed', 'failed', 'cancelled'].includes(state.status) ? state : undefined;
        },
        180_000,
        () => `the crawl did not end:\n${output}`,
      );
      expectEqual([job.status, job.document_failures], ['completed', undefined], 'the crawl completes with its documents');
      return id;
    };

    // The PDF first: its worker is the one that unpacks the browser on this fresh machine.
    const pdfJob = await crawl('v1.1', { url: 'https://site.test/guide', mode: 'single', export_formats: ['pdf'] });
    const pdf = new Uint8Array(await (await fetch(`${url}/v1.1/jobs/${pdfJob}/result?format=pdf`, { headers: auth })).arrayBuffer());
    expectEqual(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-', 'the PDF result is a PDF');
    step('a /v1.1 job printed its PDF');

    const id = await crawl('v1', { url: 'https://site.test/', mode: 'full', max_depth: 1, render: 'auto' });
    step('the crawl completed');

    const document = await (await fetch(`${url}/v1/jobs/${id}/result`, { headers: auth })).text();
    for (const text of ['URL: https://site.test/guide', 'Content of Guide.', 'URL: https://site.test/dashboard', 'This text was built by a script in the browser.']) {
      if (!document.includes(text)) throw new Error(`the document lacks "${text}":\n${document}\n\nnpm start said:\n${output}`);
    }
    const { pages } = (await (await fetch(`${url}/v1/jobs/${id}/pages`, { headers: auth })).json()) as { pages: Array<{ url: string; rendered: boolean }> };
    expectEqual(
      pages.map((entry) => [entry.url, entry.rendered]),
      [
        ['https://site.test/', false],
        ['https://site.test/guide', false],
        ['https://site.test/dashboard', true],
      ],
      'only the script-built page is rendered',
    );
    step('the document holds the static pages and the rendered one');
    console.log('first-run smoke: 1 passed, 0 failed');
  } finally {
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await site.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, explain: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(explain());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

main().catch((error: unknown) => {
  console.error(`first-run smoke failed: ${(error as Error).message}`);
  console.log('first-run smoke: 0 passed, 1 failed');
  process.exit(1);
});
