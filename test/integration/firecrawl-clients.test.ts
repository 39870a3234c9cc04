import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { crawl, poll } from 'firecrawl-aisdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local/template.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import type { TestRuntime } from '../helpers/runtime.js';
import { page, startSite } from '../helpers/site.js';

/*
 * Firecrawl's own clients, unchanged and pinned (package.json), pointed at the compatible routes
 * of the local runtime: its CLI (`firecrawl scrape`) and its MCP server (`firecrawl_scrape` over
 * stdio) as the processes a user starts, and one framework integration, the Vercel AI SDK tools
 * (firecrawl-aisdk), loading a crawl as documents. The processes are started with a preload that
 * refuses every connection and name lookup but loopback: nothing they do leaves the machine.
 */
const KEY = 'firecrawl-clients-key-01';
const LOOPBACK_ONLY = path.join(PROJECT_ROOT, 'test/helpers/loopback-only.mjs');
const run = promisify(execFile);

let runtime: TestRuntime;
let site: Awaited<ReturnType<typeof startSite>>;
let home: string;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startSite({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
    '/': page('Home', ['/docs/a', '/docs/b'], '<p>Welcome to the home page of the site.</p>'),
    '/docs/a': page('Doc A', [], '<p>The first document.</p>'),
    '/docs/b': page('Doc B', [], '<p>The second document.</p>'),
  }));
  runtime = await lifecycle.runtime({ users: [{ user_id: 'clients-user', api_key: KEY, plan: 'pro', monthly_pages: 1000 }], hostOverrides: site.overrides });
  // The CLI keeps credentials and an update-check cache under the home directory: an empty one of the test's own.
  home = await lifecycle.scratch('firecrawl-home-');
});

/** What Firecrawl's clients read to find the API: ours, with the test's key. */
function firecrawlEnvironment(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    FIRECRAWL_API_URL: `${runtime.url}/firecrawl`,
    FIRECRAWL_API_KEY: KEY,
    FIRECRAWL_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
}

describe("Firecrawl's clients pointed at the compatible routes", () => {
  it('the CLI (firecrawl-cli) scrapes a page to markdown', async () => {
    const cli = path.join(PROJECT_ROOT, 'node_modules/firecrawl-cli/dist/index.js');
    const { stdout } = await run(process.execPath, ['--import', pathToFileURL(LOOPBACK_ONLY).href, cli, 'scrape', 'https://site.test/docs/a'], { env: firecrawlEnvironment(), timeout: 60_000 });

    expect(stdout).toContain('# Doc A');
    expect(stdout).toContain('The first document.');
  });

  it('the MCP server (firecrawl-mcp) scrapes a page through its firecrawl_scrape tool', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', pathToFileURL(LOOPBACK_ONLY).href, path.join(PROJECT_ROOT, 'node_modules/firecrawl-mcp/dist/index.js')],
      env: firecrawlEnvironment(),
      stderr: 'ignore',
    });
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: 'firecrawl_scrape', arguments: { url: 'https://site.test/docs/b', formats: ['markdown'] } }, undefined, { timeout: 60_000 })) as CallToolResult;
      const text = result.content.map((item) => (item.type === 'text' ? item.text : '')).join('');

      expect(result.isError).toBeFalsy();
      expect(text).toContain('The second document.');
      expect(text).toContain('https://site.test/docs/b');
    } finally {
      await client.close();
    }
  });

  it('the Vercel AI SDK tools (firecrawl-aisdk) start a crawl and load its pages as documents', async () => {
    process.env.FIRECRAWL_API_URL = `${runtime.url}/firecrawl`;
    process.env.FIRECRAWL_API_KEY = KEY;
    const crawlTool = crawl({ apiKey: KEY, apiUrl: `${runtime.url}/firecrawl` });
    const options = { toolCallId: 'call-1', messages: [] };

    const started = (await crawlTool.execute?.({ url: 'https://site.test/', limit: 3, scrapeOptions: { formats: ['markdown'] } }, options)) as { id: string };
    const loaded = (await poll.execute?.({ jobId: started.id, jobType: 'crawl', pollInterval: 1 }, options)) as { success: boolean; data: Array<{ markdown?: string; metadata?: { sourceURL?: string } }> };

    expect(loaded.success).toBe(true);
    expect(loaded.data.map((document) => document.metadata?.sourceURL)).toEqual(['https://site.test/', 'https://site.test/docs/a', 'https://site.test/docs/b']);
    expect(loaded.data[1]?.markdown).toContain('The first document.');
  });
});
