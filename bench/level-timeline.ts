import { discoverLinks, extractLinks } from '../lambdas/core/links.js';

/** One request the fixture site received: epoch milliseconds of its arrival and of its response's end. */
export interface SiteRequest {
  host: string;
  path: string;
  arrived: number;
  finished: number;
}

/** The depth of every path a crawl from `/` reaches (link targets that 404 included): BFS over the links the crawler follows. */
export function linkDepths(pages: Map<string, string>, origin: string): Map<string, number> {
  const depths = new Map([['/', 0]]);
  const frontier = ['/'];
  for (const pagePath of frontier) {
    const html = pages.get(pagePath);
    if (html === undefined) continue;
    const depth = (depths.get(pagePath) ?? 0) + 1;
    for (const link of discoverLinks(extractLinks(html, origin + pagePath), origin).links) {
      const linked = new URL(link).pathname;
      if (depths.has(linked)) continue;
      depths.set(linked, depth);
      frontier.push(linked);
    }
  }
  return depths;
}

interface Level {
  paths: Set<string>;
  firstArrived: number;
  lastFinished: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const share = (ms: number, totalMs: number) => `${seconds(ms)} (${((100 * ms) / totalMs).toFixed(1)} %)`;

/**
 * Where a crawl's time went, from the site's own request log: per level the paths requested, the time from
 * its first request to its last response, and the wait until the next level's first request; then
 * the share of POST → finished_at spent outside levels: before the seed's request (preflight,
 * robots), between levels (the level barrier), after the last response (assemble, finalize).
 * A negative wait means the next level started before the previous one ended.
 */
export function describeTimeline(requests: SiteRequest[], depths: Map<string, number>, postedAt: number, finishedAt: number): string[] {
  const levels: Level[] = [];
  for (const request of requests) {
    const depth = depths.get(request.path);
    if (depth === undefined) continue;
    const level = (levels[depth] ??= { paths: new Set(), firstArrived: request.arrived, lastFinished: request.finished });
    level.paths.add(request.path);
    level.firstArrived = Math.min(level.firstArrived, request.arrived);
    level.lastFinished = Math.max(level.lastFinished, request.finished);
  }
  const reached = levels.filter((level) => level !== undefined);
  const first = reached[0];
  const last = reached.at(-1);
  if (!first || !last) return ['  no page requests reached the site'];
  const waits = reached.slice(1).map((level, index) => level.firstArrived - (reached[index] as Level).lastFinished);
  const totalMs = finishedAt - postedAt;
  const beforeMs = first.firstArrived - postedAt;
  const afterMs = finishedAt - last.lastFinished;
  const betweenMs = waits.reduce((sum, wait) => sum + wait, 0);
  const perLevel = reached.map((level, index) => {
    const wait = waits[index];
    return `${levels.indexOf(level)}: ${level.paths.size} path${level.paths.size === 1 ? '' : 's'} in ${seconds(level.lastFinished - level.firstArrived)}${wait === undefined ? '' : `, then ${seconds(wait)}`}`;
  });
  return [
    `  levels (paths requested, 404s included; first request → last response; then the wait for the next level): ${perLevel.join(' | ')}`,
    `  outside levels ${share(beforeMs + betweenMs + afterMs, totalMs)} of POST → finished_at ${seconds(totalMs)}: ` +
      `between levels ${share(betweenMs, totalMs)}, before the seed ${share(beforeMs, totalMs)}, after the last page ${share(afterMs, totalMs)}`,
  ];
}
