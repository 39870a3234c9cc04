/**
 * `npm run demo`: the service (`npm start`, same settings and data directory) with a local HTTPS
 * demo site beside it at https://demo.test/, so the quick start works offline. The demo makes a
 * CA, serves the site with a certificate from it, and starts the service trusting that CA
 * (NODE_EXTRA_CA_CERTS) with demo.test pinned to the site (CRAWL_HOST_OVERRIDES); then it prints
 * the commands to try. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_API_URL } from '../client/connection.js';
import { READY_LINE } from '../local/ready-line.js';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../local/template.js';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from '../test/helpers/tls.js';
import { DEMO_HOST, DEMO_PAGES } from './demo-site.js';

async function main(): Promise<void> {
  const caDir = await mkdtemp(path.join(tmpdir(), 'crawl-demo-ca-'));
  // the site's certificate is signed by the CA written here (test/helpers/tls.ts reads it back)
  process.env[TEST_CA_DIR_VARIABLE] = caDir;
  const caFile = writeRunCa(caDir);
  const site = await startFixtureSite([DEMO_HOST, `www.${DEMO_HOST}`], (request, response) => {
    const page = DEMO_PAGES[new URL(request.url ?? '/', `https://${DEMO_HOST}`).pathname];
    response.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
    response.end(page?.body ?? 'not found\n');
  });

  // Its own process group, which the demo signals as a whole (Ctrl-C, or a kill of the demo): the
  // site stays up until the service has stopped.
  const service = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    detached: true,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, CRAWL_HOST_OVERRIDES: `${DEMO_HOST}=127.0.0.1:${site.port},www.${DEMO_HOST}=127.0.0.1:${site.port}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let announced = false;
  service.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString();
    const url = READY_LINE.exec(output)?.[1];
    if (url && !announced) {
      announced = true;
      void announce(url, site.port);
    }
  });

  const stop = async (code: number) => {
    await site.close();
    await rm(caDir, { recursive: true, force: true });
    process.exit(code);
  };
  const passOn = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(service.pid ?? 0), signal);
    } catch {
      // already gone
    }
  };
  process.on('SIGINT', () => passOn('SIGINT'));
  process.on('SIGTERM', () => passOn('SIGTERM'));
  service.on('exit', (code) => void stop(code ?? 0));
}

/** What to try, with the settings this shell needs when the service is not at its defaults. */
async function announce(url: string, sitePort: number): Promise<void> {
  const dataDir = process.env.CRAWL_DATA_DIR ? path.resolve(process.env.CRAWL_DATA_DIR) : undefined;
  const key = (await readFile(path.join(dataDir ?? DEFAULT_DATA_DIR, 'dev-api-key'), 'utf8')).trim();
  const site = `https://${DEMO_HOST}/`;
  const settings = [url === LOCAL_API_URL ? '' : `  export CRAWL_API_URL=${url}\n`, dataDir ? `  export CRAWL_DATA_DIR=${dataDir}\n` : ''].join('');
  process.stdout.write(`
Demo site ${site} is served on 127.0.0.1:${sitePort}; the service trusts its local CA and sends demo.test there.
Try, in another terminal in this directory:

${settings}  curl -s -H "Authorization: Bearer ${key}" "${url}/v1/sitemap/preview?url=${site}"
  npm run -s cli -- preview ${site}
  npm run -s cli -- crawl ${site} --max-depth 1
  npm run -s cli -- preview ${site} | npm run -s cli -- crawl ${site} --urls-file - -o demo.md
  npm run -s cli -- crawl ${site} --max-depth 1 --format pdf -o demo.pdf
  npm run -s cli -- jobs

Web console: ${url}/ (API key ${key}). Ctrl-C stops the service and the site.
`);
}

main().catch((error: unknown) => {
  console.error('npm run demo could not start:', error);
  process.exit(1);
});
