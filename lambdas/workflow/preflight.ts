import { decodeHtml } from '../core/charset.js';
import { exportPage } from '../core/export.js';
import { FetchError, isHtmlMediaType, type FetchedDocument } from '../core/fetch-types.js';
import { extractLinks } from '../core/links.js';
import { hostUnreachableReason, robotsPolicyFromFetch, type RobotsRules } from '../core/robots.js';
import { checkTermsOfService } from '../core/tos.js';
import { refuseOffSiteRedirect } from '../core/urls.js';
import { findSiteBlock } from '../data/blocked-sites.js';
import { getJob, markRunning, recordJobError } from '../data/jobs.js';
import { isTerminal, type JobRecord } from '../domain/job.js';
import { sharedFetcher } from './fetcher.js';
import { fetchAndStoreRobots, isAllowedForUs } from './job-robots.js';
import { announce } from './webhook-delivery.js';
import type { CrawlState } from './state.js';

/**
 * Preflight: robots.txt of the host (once per job) and, when asked, the terms-of-service check,
 * both before any content page is fetched. A refusal, or a host that does not answer robots.txt
 * at all (every mode), records the job's error and skips to Finalize.
 */
export async function preflight(state: CrawlState): Promise<CrawlState> {
  const job = await getJob(state.job_id);
  if (!job || isTerminal(job.status)) return { job_id: state.job_id, depth: 0, next: 'finalize' };
  // Cancelled before it started: no page is fetched, but the job still gets its (empty) document.
  if (job.cancel_requested) return { job_id: job.job_id, depth: 0, next: 'plan' };
  // A crawl resumed by a new execution goes on at its level; robots.txt and the terms were checked.
  if (job.status === 'running' && job.level) return { job_id: job.job_id, depth: job.level.depth, next: 'plan' };
  const startedAt = new Date();
  await markRunning(job.job_id, startedAt);
  await announce({ ...job, status: 'running', started_at: job.started_at ?? startedAt.toISOString() }, 'started');

  // An operator blocked the site at its owner's request: like a robots.txt that disallows us.
  const block = await findSiteBlock(job.url);
  if (block) {
    await recordJobError(job.job_id, { code: 'robots_disallowed', message: 'the site has asked not to be crawled', details: { url: job.url, blocked_host: block.host } });
    return { job_id: job.job_id, depth: 0, next: 'finalize' };
  }

  const robotsFetch = job.respect_robots ? await fetchAndStoreRobots(job) : undefined;
  const unreachable = robotsFetch && hostUnreachableReason(robotsFetch);
  if (unreachable) {
    await recordJobError(job.job_id, {
      code: 'seed_fetch_failed',
      message: "the seed URL's host could not be reached",
      details: { url: job.url, reason: unreachable, http_status: null },
    });
    return { job_id: job.job_id, depth: 0, next: 'finalize' };
  }
  const robots = robotsFetch && robotsPolicyFromFetch(robotsFetch);
  if (robots && job.mode !== 'select' && !isAllowedForUs(robots, job.url)) {
    await recordJobError(job.job_id, { code: 'robots_disallowed', message: 'robots.txt does not allow crawling the seed URL', details: { url: job.url } });
    return { job_id: job.job_id, depth: 0, next: 'finalize' };
  }

  if (job.check_tos) {
    const terms = await checkTerms(job, robots);
    if (terms.blocked) {
      await recordJobError(job.job_id, {
        code: 'tos_blocked',
        message: "the site's terms of service forbid automated access",
        details: { terms_url: terms.termsUrl, sentence: terms.sentence },
      });
      return { job_id: job.job_id, depth: 0, next: 'finalize' };
    }
  }
  return { job_id: job.job_id, depth: 0, next: 'plan' };
}

/** Fetches an HTML page of the job's site under the job's robots rules; undefined when it cannot be read. */
async function fetchSitePage(job: JobRecord, robots: RobotsRules | undefined, url: string): Promise<{ document: FetchedDocument; html: string } | undefined> {
  if (robots && !isAllowedForUs(robots, url)) return undefined;
  try {
    const document = await sharedFetcher()(url, { allowRedirect: refuseOffSiteRedirect });
    if (document.status < 200 || document.status >= 300 || !isHtmlMediaType(document.mediaType)) return undefined;
    if (robots && !isAllowedForUs(robots, document.finalUrl)) return undefined;
    return { document, html: decodeHtml(document.body, document.headers['content-type']) };
  } catch (error) {
    if (error instanceof FetchError) return undefined;
    throw error;
  }
}

async function checkTerms(job: JobRecord, robots: RobotsRules | undefined) {
  const seed = await fetchSitePage(job, robots, job.url);
  return checkTermsOfService({
    seedUrl: job.url,
    seedLinks: seed ? extractLinks(seed.html, seed.document.finalUrl) : [],
    fetchTermsText: async (url) => {
      const page = await fetchSitePage(job, robots, url);
      if (!page) return undefined;
      return { finalUrl: page.document.finalUrl, text: exportPage(page.html, { url: page.document.finalUrl, onlyMainContent: false, formats: ['text'] }).text };
    },
  });
}
