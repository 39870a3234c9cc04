import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CrawlClient } from '../../client/index.js';
import { PROJECT_ROOT } from '../../local/template.js';
import { createMcpServer } from '../../mcp/server.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/*
 * The MCP server driven by the official SDK's client against the local runtime: in memory for the
 * tools, and once over stdio as `npm run -s mcp` for the process an agent starts.
 */
const KEY = 'mcp-test-key-00000001';
const LONG_TEXT = `<p>${'All work and no play makes a long page. '.repeat(100)}</p>`;

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let client: Client;
let api: CrawlClient;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home', ['/a', '/b']),
    '/broken': page('Broken', ['/a', '/missing']),
    '/a': page('A'),
    '/b': page('B'),
    '/long': page('Long', [], LONG_TEXT),
  }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'mcp-user', api_key: KEY, plan: 'pro', monthly_pages: 1000 }], hostOverrides: site.overrides });
  api = new CrawlClient({ baseUrl: runtime.url, apiKey: KEY, fetch: runtime.fetch });
  const server = createMcpServer(api);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = lifecycle.client(new Client({ name: 'test-agent', version: '1.0.0' }));
  await client.connect(clientSide);
});

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result as CallToolResult).content.map((item) => (item.type === 'text' ? item.text : '')).join('');
}

describe('MCP server', () => {
  it('offers preview_site, crawl, get_result, list_pages, get_job and get_usage with input schemas from the API\'s own', async () => {
    const { tools } = await client.listTools();
    const crawl = tools.find((tool) => tool.name === 'crawl');

    expect(tools.map((tool) => tool.name).sort()).toEqual(['crawl', 'get_job', 'get_result', 'get_usage', 'list_pages', 'preview_site']);
    // mode defaults as in the CLI: select with urls, else full
    expect(crawl?.inputSchema.required).toEqual(['url']);
    expect(crawl?.inputSchema.properties).toMatchObject({
      mode: { enum: ['single', 'select', 'full'] },
      max_pages: { type: 'integer', minimum: 1, maximum: 1000, description: expect.stringContaining('quota') },
      only_main_content: { type: 'boolean', description: expect.stringContaining('navigation') },
    });
    expect(crawl?.inputSchema.properties?.max_pages).not.toHaveProperty('default');
    // an agent reads text: PDF and Word files are not offered
    expect(crawl?.inputSchema.properties?.export_formats).toMatchObject({ items: { enum: ['markdown', 'text', 'html'] } });
    expect(crawl?.inputSchema.properties).not.toHaveProperty('pdf_paper');
    expect(tools.find((tool) => tool.name === 'get_result')?.inputSchema.properties?.format).toMatchObject({ enum: ['markdown', 'text', 'html', 'jsonl'] });
    // every tool names the job job_id; max_chars says its range
    for (const name of ['get_job', 'get_result', 'list_pages']) expect(tools.find((tool) => tool.name === name)?.inputSchema.properties, name).toHaveProperty('job_id');
    expect(crawl?.inputSchema.properties?.max_chars).toMatchObject({ minimum: 1000, maximum: 2_000_000, description: expect.stringContaining('1,000 to 2,000,000') });
  });

  it('crawls into html, and get_result reads the job in its other formats and as jsonl, naming the format to read on in', async () => {
    const crawled = text(await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/long', mode: 'single', export_formats: ['html', 'markdown'] } }, undefined, { timeout: 60_000 }));
    const jobId = /^Job ([0-9a-f-]{36})/.exec(crawled)?.[1] ?? '';

    const markdown = text(await client.callTool({ name: 'get_result', arguments: { job_id: jobId, format: 'markdown' } }));
    const jsonl = text(await client.callTool({ name: 'get_result', arguments: { job_id: jobId, format: 'jsonl' } }));
    const cut = text(await client.callTool({ name: 'get_result', arguments: { job_id: jobId, format: 'jsonl', max_chars: 1000 } }));

    expect(crawled).toMatch(/^Job [0-9a-f-]{36} completed: 1 pages crawled, 0 failed, 0 skipped\.\n\n<!DOCTYPE html>/i);
    expect(crawled).toContain('All work and no play makes a long page.');
    expect(markdown).toMatch(/^URL: https:\/\/site\.test\/long\nTitle: Long\n/);
    const firstLine = JSON.parse(jsonl.split('\n')[0] ?? '') as Record<string, unknown>;
    expect(firstLine).toMatchObject({ url: 'https://site.test/long', title: 'Long', depth: 0, markdown: expect.stringContaining('All work and no play') });
    expect(cut).toMatch(new RegExp(`^\\{"url":"https://site\\.test/long",[\\s\\S]*\\n\\n\\[Cut: characters 0–1000 of \\d+\\. Read on with get_result \\{"job_id": "${jobId}", "format": "jsonl", "offset": 1000\\}`));
  });

  it('refuses pdf and docx before crawling, and reads a PDF-only job as jsonl', async () => {
    const usedBefore = (await api.getUsage()).reserved;
    const refused = await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/a', mode: 'single', export_formats: ['markdown', 'pdf'] } });
    const usedAfter = (await api.getUsage()).reserved;
    // a job made elsewhere (the CLI, the API) with only a PDF: the agent still gets text
    const created = await api.createJob({ url: 'https://site.test/a', mode: 'single', export_formats: ['pdf'] });
    await api.waitForJob(created.id, { intervalMs: 100 });
    const pdfOnly = text(await client.callTool({ name: 'get_result', arguments: { job_id: created.id } }));

    expect(refused).toMatchObject({ isError: true });
    expect(text(refused)).toContain('must be markdown, text or html: pdf and docx are files for people, not text to read here; make them with the CLI (crawl <url> --format pdf -o FILE)');
    expect(usedAfter).toBe(usedBefore);
    expect(JSON.parse(pdfOnly.split('\n')[0] ?? '')).toMatchObject({ url: 'https://site.test/a', title: 'A', markdown: expect.stringContaining('Content of A.') });
    expect(pdfOnly).toMatch(/\n\n\[End of the document: characters 0–\d+ of \d+\.\]$/);
  }, 60_000);

  it('previews, then crawls the chosen pages with progress notifications, and reads the job and usage', async () => {
    const preview = text(await client.callTool({ name: 'preview_site', arguments: { url: 'https://site.test/' } }));
    const urls = preview.split('\n').filter((line) => line.startsWith('https://'));
    const progress: Progress[] = [];

    const crawled = await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/', mode: 'select', urls } }, undefined, {
      onprogress: (update) => progress.push(update),
      timeout: 60_000,
    });

    expect(urls).toEqual(['https://site.test/a', 'https://site.test/b']);
    expect(crawled.isError).toBeFalsy();
    const output = text(crawled);
    expect(output).toMatch(/^Job [0-9a-f-]{36} completed: 2 pages crawled, 0 failed, 0 skipped\.\n\nURL: https:\/\/site\.test\/a\n/);
    expect(output).toContain('\n---\n\nURL: https://site.test/b\n');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ progress: 2, total: 2, message: 'completed: 2 of 2 crawled, 0 failed, 0 skipped' });

    const jobId = /^Job ([0-9a-f-]{36})/.exec(output)?.[1];
    const job = JSON.parse(text(await client.callTool({ name: 'get_job', arguments: { job_id: jobId } }))) as { status: string; mode: string };
    // `id`, get_job's former name for it, still works; two different ids are refused
    expect(JSON.parse(text(await client.callTool({ name: 'get_job', arguments: { id: jobId } })))).toEqual(job);
    const conflicting = await client.callTool({ name: 'get_job', arguments: { job_id: jobId, id: '00000000-0000-4000-8000-000000000000' } });
    expect(conflicting).toMatchObject({ isError: true });
    expect(text(conflicting)).toContain('job_id and id name different jobs');
    const usage = JSON.parse(text(await client.callTool({ name: 'get_usage', arguments: {} }))) as { used: number };
    expect(job).toMatchObject({ status: 'completed', mode: 'select' });
    expect(usage.used).toBeGreaterThanOrEqual(2);
  });

  it('bounds the document it returns, and get_result reads the rest without crawling again', async () => {
    const result = text(await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/long', mode: 'single', max_chars: 1000 } }, undefined, { timeout: 60_000 }));
    const [summary, ...rest] = result.split('\n\n');
    const body = rest.join('\n\n');
    const jobId = /^Job ([0-9a-f-]{36})/.exec(result)?.[1] ?? '';
    const usedBefore = (JSON.parse(text(await client.callTool({ name: 'get_usage', arguments: {} }))) as { used: number }).used;
    expect(summary).toMatch(/completed/);
    const note = /\n\n\[Cut: characters 0–1000 of (\d+)\. Read on with get_result \{"job_id": "([0-9a-f-]{36})", "offset": 1000\}; it does not crawl again\.\]$/.exec(body);
    expect(note?.[2]).toBe(jobId);
    expect(body.indexOf('\n\n[Cut:')).toBe(1000);

    const next = text(await client.callTool({ name: 'get_result', arguments: { job_id: jobId, offset: 1000, max_chars: 1000 } }));
    const whole = text(await client.callTool({ name: 'get_result', arguments: { job_id: jobId, max_chars: 2_000_000 } }));
    const total = Number(note?.[1]);
    const usedAfter = (JSON.parse(text(await client.callTool({ name: 'get_usage', arguments: {} }))) as { used: number }).used;
    expect(whole).toBe(`${whole.slice(0, total)}\n\n[End of the document: characters 0–${total} of ${total}.]`);
    expect(next).toMatch(new RegExp(`\\n\\n\\[Cut: characters 1000–2000 of ${total}\\. Read on with get_result \\{"job_id": "${jobId}", "offset": 2000\\}`));
    expect(`${body.slice(0, 1000)}${next.slice(0, 1000)}`).toBe(whole.slice(0, 2000));
    expect(usedAfter).toBe(usedBefore);
  });

  it('crawls in full mode when no mode is given, and list_pages says which pages failed and why', async () => {
    const progress: Progress[] = [];
    const crawled = text(await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/broken', max_depth: 1 } }, undefined, { timeout: 60_000, onprogress: (update) => progress.push(update) }));
    const jobId = /^Job ([0-9a-f-]{36})/.exec(crawled)?.[1] ?? '';
    const job = JSON.parse(text(await client.callTool({ name: 'get_job', arguments: { job_id: jobId } }))) as { mode: string };

    const failed = text(await client.callTool({ name: 'list_pages', arguments: { job_id: jobId, status: 'failed' } }));
    const all = text(await client.callTool({ name: 'list_pages', arguments: { job_id: jobId } }));

    expect(job.mode).toBe('full');
    expect(crawled).toMatch(/completed: 2 pages crawled, 1 failed, 0 skipped\. list_pages with its job_id says why/);
    // max_pages (50 by default) is the crawl's limit, not its size: no total until the crawl has ended with its 3 pages
    expect(progress.filter((update) => update.total !== undefined && update.total !== 3)).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3, message: 'completed: 2 crawled, 1 failed, 0 skipped' });
    expect(failed.split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([{ url: 'https://site.test/missing', status: 'failed', reason: 'http_404', depth: 1 }]);
    expect(all.split('\n').map((line) => (JSON.parse(line) as { url: string; status: string }).status)).toEqual(['crawled', 'crawled', 'failed']);
  });

  it('answers a refused request or a failed job as a tool error the agent can read', async () => {
    const refused = await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/', mode: 'single', max_pages: 5 } });
    const failed = await client.callTool({ name: 'crawl', arguments: { url: 'https://site.test/missing', mode: 'single' } }, undefined, { timeout: 60_000 });
    const invalid = await client.callTool({ name: 'crawl', arguments: { url: 'http://10.0.0.1/', mode: 'single' } });

    expect(refused).toMatchObject({ isError: true });
    // said once: the one problem is the message
    expect(text(refused)).toBe('422 validation_error: max_pages: not accepted in single mode');
    expect(failed).toMatchObject({ isError: true });
    expect(text(failed)).toMatch(/^job [0-9a-f-]{36} failed: seed_fetch_failed/);
    expect(invalid).toMatchObject({ isError: true });
    expect(text(invalid)).toContain('must be a public https URL');
  });
});

describe('MCP server over stdio', () => {
  it('starts with npm run -s mcp and answers tool calls', async () => {
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '-s', 'mcp'],
      cwd: PROJECT_ROOT,
      env: { ...(process.env as Record<string, string>), CRAWL_API_URL: runtime.url, CRAWL_API_KEY: KEY },
      stderr: 'pipe',
    });
    const agent = new Client({ name: 'stdio-agent', version: '1.0.0' });
    await agent.connect(transport);
    try {
      const usage = await agent.callTool({ name: 'get_usage', arguments: {} });
      expect(JSON.parse(text(usage))).toMatchObject({ allowance: 1000 });
    } finally {
      await agent.close();
    }
  }, 60_000);
});
