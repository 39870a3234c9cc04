import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { generatedSite } from './generated-site.js';
import type { SiteRequest } from './level-timeline.js';

/** What the site process serves: generated sites by host name, each answering after `latencyMs`. */
export interface SiteSpec {
  sites: Array<{ host: string; size: number }>;
  articleParagraphs: number;
  latencyMs: number;
}

type FromSite = { port: number } | { requests: SiteRequest[] };

/**
 * The generated sites, served from a process of their own, as a crawled site is never in the
 * crawler's process: its TLS and responses do not queue behind the local runtime's emulators.
 * The site logs every request; `requests()` fetches the log.
 */
export async function startSiteProcess(spec: SiteSpec): Promise<{ port: number; requests(): Promise<SiteRequest[]>; close(): Promise<void> }> {
  const child: ChildProcess = fork(import.meta.filename, [JSON.stringify(spec)], { execArgv: ['--import', import.meta.resolve('tsx')], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = async (): Promise<FromSite> => (await once(child, 'message'))[0] as FromSite;
  const started = await next();
  if (!('port' in started)) throw new Error('the site process did not start');
  return {
    port: started.port,
    async requests() {
      const answer = next();
      child.send('requests');
      const message = await answer;
      return 'requests' in message ? message.requests : [];
    },
    async close() {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}

async function serve(spec: SiteSpec): Promise<void> {
  const sites = new Map(spec.sites.map(({ host, size }) => [host, generatedSite(size, spec.articleParagraphs)]));
  const requests: SiteRequest[] = [];
  const site = await startFixtureSite([...sites.keys()], (request, response) => {
    const url = new URL(request.url ?? '/', `https://${request.headers.host ?? spec.sites[0]?.host}`);
    const entry: SiteRequest = { host: url.hostname, path: url.pathname, arrived: Date.now(), finished: Number.NaN };
    requests.push(entry);
    response.on('finish', () => (entry.finished = Date.now()));
    const body = url.pathname === '/robots.txt' ? 'User-agent: *\nAllow: /\n' : sites.get(url.hostname)?.get(url.pathname);
    const answer = () => {
      if (body === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': url.pathname === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8' });
      response.end(body);
    };
    if (spec.latencyMs > 0) setTimeout(answer, spec.latencyMs);
    else answer();
  });
  process.on('message', (message) => {
    if (message === 'requests') process.send?.({ requests });
  });
  process.send?.({ port: site.port });
}

if (process.argv[1] === import.meta.filename) await serve(JSON.parse(process.argv[2] ?? '{}') as SiteSpec);
