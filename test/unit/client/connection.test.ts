import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_API_URL, MissingApiKeyError, apiConnection } from '../../../client/connection.js';
import { CrawlClient } from '../../../client/index.js';

/** A data directory as `npm start` leaves it: the development user's key in `dev-api-key`. */
async function dataDirWithKey(key: string): Promise<string> {
  const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'connection-')), 'data');
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'dev-api-key'), `${key}\n`);
  return dataDir;
}

describe('apiConnection', () => {
  it('after npm start (or npm run demo), finds the local runtime and its development key with nothing set', async () => {
    const dataDir = await dataDirWithKey('wcs_local_development_key');
    expect(apiConnection({ CRAWL_DATA_DIR: dataDir })).toEqual({ baseUrl: LOCAL_API_URL, apiKey: 'wcs_local_development_key' });
  });

  it('reads CRAWL_API_URL and CRAWL_API_KEY before the local defaults', async () => {
    const dataDir = await dataDirWithKey('wcs_local_development_key');
    expect(apiConnection({ CRAWL_API_URL: 'https://crawl.example.com/prod', CRAWL_API_KEY: 'wcs_deployed', CRAWL_DATA_DIR: dataDir })).toEqual({
      baseUrl: 'https://crawl.example.com/prod',
      apiKey: 'wcs_deployed',
    });
  });

  it('without a key anywhere, says both ways to get one', () => {
    const missing = path.join(tmpdir(), 'no-runtime-here');
    expect(() => apiConnection({ CRAWL_DATA_DIR: missing })).toThrow(MissingApiKeyError);
    expect(() => apiConnection({ CRAWL_DATA_DIR: missing })).toThrow(`no API key: set CRAWL_API_KEY, or start the local runtime (npm start), which writes ${path.join(missing, 'dev-api-key')}`);
  });

  it('is what the client takes: the documented `new CrawlClient(apiConnection())` sends the development key', async () => {
    const dataDir = await dataDirWithKey('wcs_local_development_key');
    const sent: Array<string | null> = [];
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('authorization'));
      return new Response(JSON.stringify({ period: '2026-11', allowance: 10, used: 0, reserved: 0, remaining: 10 }), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    await new CrawlClient({ ...apiConnection({ CRAWL_DATA_DIR: dataDir }), fetch }).getUsage();
    expect(sent).toEqual(['Bearer wcs_local_development_key']);
  });
});
