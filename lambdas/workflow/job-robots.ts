import { allowAll, disallowAll, fetchRobotsTxt, robotsPolicyFromFetch, type RobotsFetchResult, type RobotsRules } from '../core/robots.js';
import { artifactKeys, getJson, putJson } from '../data/artifacts.js';
import type { JobRecord } from '../domain/job.js';
import { MAX_CRAWL_DELAY_SECONDS } from '../domain/frontier.js';
import { ROBOTS_PRODUCT_TOKEN } from '../net/user-agent.js';
import { sharedFetcher } from './fetcher.js';

type StoredRobots = Extract<RobotsFetchResult, { unreachable: true }> | { status: number; body_base64: string };

/** Fetches robots.txt once per job (CONTRACT 5) and keeps the raw answer for the later steps. */
export async function fetchAndStoreRobots(job: JobRecord): Promise<RobotsFetchResult> {
  const result = await fetchRobotsTxt(new URL(job.url).origin, sharedFetcher());
  const stored: StoredRobots = 'unreachable' in result ? result : { status: result.status, body_base64: Buffer.from(result.body).toString('base64') };
  await putJson(artifactKeys.robots(job.job_id), stored);
  return result;
}

const cache = new Map<string, RobotsRules>();

/** The job's robots rules as preflight saw them; allow-all when the job ignores robots.txt. */
export async function jobRobots(job: JobRecord): Promise<RobotsRules> {
  if (!job.respect_robots) return allowAll;
  const cached = cache.get(job.job_id);
  if (cached) return cached;
  const stored = await getJson<StoredRobots>(artifactKeys.robots(job.job_id));
  const rules = !stored ? disallowAll : robotsPolicyFromFetch('unreachable' in stored ? stored : { status: stored.status, body: Buffer.from(stored.body_base64, 'base64') });
  cache.set(job.job_id, rules);
  return rules;
}

export function isAllowedForUs(rules: RobotsRules, url: string): boolean {
  return rules.isAllowed(url, ROBOTS_PRODUCT_TOKEN);
}

export function crawlDelayFor(rules: RobotsRules): number | undefined {
  const delay = rules.crawlDelaySeconds(ROBOTS_PRODUCT_TOKEN);
  return delay && delay > 0 ? Math.min(delay, MAX_CRAWL_DELAY_SECONDS) : undefined;
}
