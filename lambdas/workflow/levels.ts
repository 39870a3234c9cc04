import { setImmediate as nextTurn } from 'node:timers/promises';
import { artifactKeys, getJson, pageBatchReader } from '../data/artifacts.js';
import * as hostSlots from '../data/host-slots.js';
import { getJob, recordJobError, updateJob } from '../data/jobs.js';
import { allEntries, finishEntry, writeLevel } from '../data/ledger.js';
import { sendPageMessages } from '../data/page-queue.js';
import { mapWithLimit } from '../core/map-with-limit.js';
import { pathFilter } from '../core/path-filter.js';
import { bothFilters, urlRulesFilter } from '../core/url-rules.js';
import { normalizeUrl, withoutQuery } from '../core/urls.js';
import {
  laneCount,
  laneHeads,
  levelActivity,
  PATH_FILTER_WORK_PER_LEVEL,
  planLevel,
  pollDelaySeconds,
  stallAfterMs,
  watchLevel,
  type LevelWatch,
} from '../domain/frontier.js';
import { isTerminal, lanesDone, type JobRecord } from '../domain/job.js';
import { countStatuses, isFinal, type LedgerEntry } from '../domain/ledger.js';
import { logger } from '../observability/logger.js';
import { reserveLaneSlots } from './host-manners.js';
import { crawlDelayFor, isAllowedForUs, jobRobots } from './job-robots.js';
import { pageVisibilitySeconds } from './lane.js';
import type { CrawlState } from './state.js';

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

/**
 * Candidates for level `depth`: the seeds, or the links of the previous level's crawled pages in
 * order (`earlier`: the entries of the levels before, in crawl order).
 */
async function levelCandidates(job: JobRecord, depth: number, earlier: LedgerEntry[]): Promise<string[]> {
  if (depth === 0) {
    if (job.mode !== 'select') return [job.url];
    return (await getJson<string[]>(artifactKeys.selectUrls(job.job_id))) ?? [];
  }
  const parents = earlier.filter((entry) => entry.depth === depth - 1 && entry.status === 'crawled');
  const batches = pageBatchReader(parents);
  const links = await mapWithLimit(parents, 16, async (parent) => {
    const page = await batches.page(parent);
    batches.used(parent);
    return page?.links ?? [];
  });
  // Firecrawl's ignoreQueryParameters: a path is crawled once, whatever its query strings.
  return job.firecrawl?.ignore_query ? links.flat().map(withoutQuery) : links.flat();
}

/** Every URL the crawl has already queued or landed on, so no page is planned twice. */
function seenUrls(entries: LedgerEntry[]): Set<string> {
  const seen = new Set<string>();
  for (const entry of entries) {
    seen.add(normalizeUrl(entry.url));
    if (entry.final_url) seen.add(normalizeUrl(entry.final_url));
  }
  return seen;
}

/**
 * PlanLevel: writes level `depth` to the ledger and releases the first page of every lane.
 * Idempotent, since Step Functions retries it and a resumed crawl runs it again: a level already
 * recorded on the job is not planned twice (its lanes are released again, which the leases absorb),
 * and a level half-written by an interrupted run is planned again identically.
 */
export async function planNextLevel(state: CrawlState): Promise<CrawlState> {
  const job = await getJob(state.job_id);
  if (!job || isTerminal(job.status)) return { job_id: state.job_id, depth: state.depth, next: 'finalize' };
  if (job.cancel_requested) return { job_id: job.job_id, depth: state.depth, next: 'assemble' };
  const depth = state.depth;
  if (job.level?.depth === depth) return releaseLanes(job, job.level);
  const robots = await jobRobots(job);
  const earlier = (await collect(allEntries(job.job_id))).filter((entry) => entry.depth < depth);
  const plan = await planLevel({
    candidates: await levelCandidates(job, depth, earlier),
    seen: seenUrls(earlier),
    budget: job.max_pages - job.pages_planned,
    isAllowed: (url) => isAllowedForUs(robots, url),
    // The seed is always crawled; path filters apply to the pages discovered from it.
    filter: depth === 0 ? undefined : bothFilters(pathFilter(job), job.firecrawl && urlRulesFilter(job.firecrawl)),
    pause: () => nextTurn(),
  });
  if (plan.unexamined > 0) {
    logger.warn('path filters used up their work for the level: its remaining links were not examined', {
      jobId: job.job_id,
      depth,
      unexamined: plan.unexamined,
      workLimit: PATH_FILTER_WORK_PER_LEVEL,
    });
  }
  if (plan.entries.length === 0) return { job_id: job.job_id, depth, next: 'assemble' };

  await writeLevel(job.job_id, depth, plan.entries, job.expires_at);
  const crawlDelay = crawlDelayFor(robots);
  const level = { depth, size: plan.entries.length, lanes: laneCount(job.concurrency, plan.entries.length, crawlDelay), released_at: Date.now() };
  await updateJob(job.job_id, { level, pages_planned: job.pages_planned + plan.fetchable, crawl_delay_seconds: crawlDelay });
  return releaseLanes({ ...job, crawl_delay_seconds: crawlDelay }, level);
}

async function releaseLanes(job: JobRecord, level: NonNullable<JobRecord['level']>): Promise<CrawlState> {
  const slots = await reserveLaneSlots(job, level.lanes, hostSlots);
  await sendPageMessages(Array.from({ length: level.lanes }, (_, lane) => ({ job_id: job.job_id, depth: level.depth, index: lane, slot: slots?.[lane] })));
  return { job_id: job.job_id, depth: level.depth, next: 'check' };
}

/**
 * CheckLevel: refreshes the progress counters and decides whether the level is done. A cancelled
 * job stops releasing pages, waits for the fetches in flight, then goes on to assembly. A level
 * that has stalled (see `stallAfterMs`) is released again, so a lost or purged message or a
 * bug delays a crawl but never strands it.
 */
export async function checkLevel(state: CrawlState): Promise<CrawlState> {
  const watchedFrom = Date.now();
  const job = await watchLanes(state);
  if (!job || isTerminal(job.status)) return { job_id: state.job_id, depth: state.depth, next: 'finalize' };
  const entries = await collect(allEntries(job.job_id));
  const level = entries.filter((entry) => entry.depth === state.depth);

  if (job.cancel_requested) {
    for (const entry of level.filter((e) => e.status === 'queued')) {
      if (await finishEntry(job.job_id, entry.depth, entry.index, { status: 'skipped', reason: 'cancelled' }, ['queued'])) entry.status = 'skipped';
    }
  }
  const open = countStatuses(level.map((entry) => entry.status)).open;
  const watch = open > 0 && job.level?.depth === state.depth ? await releaseIfStalled(job, job.level, level) : undefined;
  const total = countStatuses(entries.map((entry) => entry.status));
  await updateJob(job.job_id, {
    progress: { pages_crawled: total.crawled, pages_failed: total.failed, pages_skipped: total.skipped },
    ...(watch && job.level ? { level: { ...job.level, watch } } : {}),
  });

  if (open > 0) {
    const pace = {
      open,
      finished: level.filter((entry) => isFinal(entry.status) && (entry.attempts ?? 0) > 0).length,
      lanes: job.level?.lanes ?? 1,
      // A level released before its record kept the time is paced from this watch on.
      elapsedMs: Date.now() - (job.level?.released_at ?? watchedFrom),
    };
    return { job_id: job.job_id, depth: state.depth, next: 'wait', wait_seconds: pollDelaySeconds(pace, LANE_WATCH_MS) };
  }
  if (job.cancel_requested) return { job_id: job.job_id, depth: state.depth, next: 'assemble' };

  const seed = level[0];
  if (state.depth === 0 && job.mode !== 'select' && seed && seed.status !== 'crawled') {
    await recordJobError(job.job_id, seedError(seed));
    return { job_id: job.job_id, depth: 0, next: 'finalize' };
  }
  const moreLevels = job.mode === 'full' && state.depth < job.max_depth && job.pages_planned < job.max_pages;
  return moreLevels ? { job_id: job.job_id, depth: state.depth + 1, next: 'plan' } : { job_id: job.job_id, depth: state.depth, next: 'assemble' };
}

/**
 * How long CheckLevel watches the lanes before it looks at the ledger, and how often it looks at the
 * job meanwhile (one read each): more often in the watch's first 0.25 s (a small level, such as the
 * seed's, ends that soon) and once half the lanes are done, when the level's end is near.
 */
const LANE_WATCH_MS = 5_000;
const LOOK_EVERY_MS = 50;
const LOOK_OFTEN_MS = 10;
const WATCH_START_MS = 250;

/**
 * Watches the job record until every lane of the level has reached its end (workers mark them), the
 * job is cancelled or ended, or `LANE_WATCH_MS` pass: a level that ends soon is noticed within
 * moments instead of at the state machine's next poll. Answers the job as last read.
 */
async function watchLanes(state: CrawlState): Promise<JobRecord | undefined> {
  const started = Date.now();
  const until = started + LANE_WATCH_MS;
  for (;;) {
    const job = await getJob(state.job_id);
    const watching = job && !isTerminal(job.status) && !job.cancel_requested && job.level?.depth === state.depth;
    const lanes = job?.level?.lanes ?? 0;
    const done = watching ? lanesDone(job, state.depth) : 0;
    const lookIn = Date.now() - started < WATCH_START_MS || done * 2 >= lanes ? LOOK_OFTEN_MS : LOOK_EVERY_MS;
    if (!watching || done >= lanes || Date.now() + lookIn > until) return job;
    await new Promise((resolve) => setTimeout(resolve, lookIn));
  }
}

/**
 * Sends the head of every lane again when the level has stalled; a page held by a live worker or
 * already done turns the duplicate away. A cancelled job's stalled pages (their workers are gone:
 * no lease outlives a stall) are skipped instead, since a cancelled crawl takes no new page.
 */
async function releaseIfStalled(job: JobRecord, plan: NonNullable<JobRecord['level']>, level: LedgerEntry[]): Promise<LevelWatch> {
  const { watch, stalled } = watchLevel(plan.watch, levelActivity(level), Date.now(), stallAfterMs(pageVisibilitySeconds()));
  if (!stalled) return watch;
  if (job.cancel_requested) {
    for (const entry of level.filter((e) => !isFinal(e.status))) {
      if (await finishEntry(job.job_id, entry.depth, entry.index, { status: 'skipped', reason: 'cancelled' }, ['queued', 'in_progress'])) entry.status = 'skipped';
    }
    return watch;
  }
  await sendPageMessages(laneHeads(level, plan.lanes).map((index) => ({ job_id: job.job_id, depth: plan.depth, index })));
  return watch;
}

function seedError(seed: LedgerEntry) {
  if (seed.reason === 'robots_disallowed') {
    return { code: 'robots_disallowed' as const, message: 'robots.txt does not allow crawling the seed URL', details: { url: seed.final_url ?? seed.url } };
  }
  return {
    code: 'seed_fetch_failed' as const,
    message: 'the seed page could not be crawled',
    details: { url: seed.url, reason: seed.reason ?? 'unknown', http_status: seed.http_status ?? null },
  };
}
