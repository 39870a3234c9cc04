/**
 * Where the service is and which key to send, as the CLI, the MCP server and Node programs find
 * them: `CRAWL_API_URL` (default the local runtime) and `CRAWL_API_KEY` (default the key `npm start`
 * wrote for its development user). Node only, as it reads that key from a file; the client itself
 * (`index.ts`) needs nothing but `fetch`.
 *
 * ```ts
 * const client = new CrawlClient(apiConnection());
 * ```
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where `npm start` serves the API unless PORT or HOST say otherwise. */
export const LOCAL_API_URL = 'http://127.0.0.1:8787';

// the repository: this file's folder, or `.build/` for the CLI's and MCP server's bundles, is one below it
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

/** No `CRAWL_API_KEY`, and no development key of a local runtime to fall back on. */
export class MissingApiKeyError extends Error {
  override readonly name = 'MissingApiKeyError';
}

export interface ApiConnection {
  baseUrl: string;
  apiKey: string;
}

/** The service URL alone (it needs no key), for messages about reaching it. */
export function apiUrl(env: Record<string, string | undefined> = process.env): string {
  return env.CRAWL_API_URL || LOCAL_API_URL;
}

/**
 * `CRAWL_API_URL` and `CRAWL_API_KEY`, each with the local runtime's as its default: the key in
 * `CRAWL_DATA_DIR` (relative to the working directory, as the runtime reads it; default `.crawl-local`
 * in the repository). Throws MissingApiKeyError, naming both ways to fix it, when there is no key.
 */
export function apiConnection(env: Record<string, string | undefined> = process.env): ApiConnection {
  return { baseUrl: apiUrl(env), apiKey: env.CRAWL_API_KEY || developmentKey(env) };
}

function developmentKey(env: Record<string, string | undefined>): string {
  const keyFile = path.join(path.resolve(env.CRAWL_DATA_DIR || path.join(PROJECT_ROOT, '.crawl-local')), 'dev-api-key');
  try {
    return readFileSync(keyFile, 'utf8').trim();
  } catch {
    throw new MissingApiKeyError(`no API key: set CRAWL_API_KEY, or start the local runtime (npm start), which writes ${keyFile}`);
  }
}
