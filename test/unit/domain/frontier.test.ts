import { describe, expect, it } from 'vitest';
import { pathFilter } from '../../../lambdas/core/path-filter.js';
import { laneHeads, levelActivity, PATH_FILTER_WORK_PER_LEVEL, planLevel, pollDelaySeconds, stallAfterMs, watchLevel } from '../../../lambdas/domain/frontier.js';
import { MAX_PAGE_ATTEMPTS, type LedgerStatus } from '../../../lambdas/domain/ledger.js';

const STALL_MS = 300_000;

describe('watchLevel: has a level stalled?', () => {
  it('starts watching a level it has not seen', () => {
    expect(watchLevel(undefined, 4, 1_000, STALL_MS)).toEqual({ watch: { activity: 4, since: 1_000 }, stalled: false });
  });

  it('is not stalled while its activity moves, however long the level takes', () => {
    let watch = { activity: 0, since: 0 };
    for (let minute = 1; minute <= 60; minute++) {
      const seen = watchLevel(watch, minute, minute * 60_000, STALL_MS);
      expect(seen.stalled).toBe(false);
      watch = seen.watch;
    }
  });

  it('is not stalled before the bound, and is once nothing has moved for the whole bound', () => {
    const watch = { activity: 7, since: 10_000 };
    expect(watchLevel(watch, 7, 10_000 + STALL_MS - 1, STALL_MS)).toEqual({ watch, stalled: false });
    expect(watchLevel(watch, 7, 10_000 + STALL_MS, STALL_MS)).toEqual({ watch: { activity: 7, since: 10_000 + STALL_MS }, stalled: true });
  });

  it('releases a level that stays stuck again only after another full bound', () => {
    const first = watchLevel({ activity: 7, since: 0 }, 7, STALL_MS, STALL_MS);
    expect(first.stalled).toBe(true);
    expect(watchLevel(first.watch, 7, STALL_MS + 1_000, STALL_MS).stalled).toBe(false);
    expect(watchLevel(first.watch, 7, 2 * STALL_MS, STALL_MS).stalled).toBe(true);
  });
});

describe('pollDelaySeconds: when CheckLevel looks at a level again', () => {
  const WATCH_MS = 5_000;

  it('looks again at once when the level should end within the next watch', () => {
    // 724 pages in 5.2 s: the 164 left take about 1.2 s more.
    expect(pollDelaySeconds({ open: 164, finished: 724, lanes: 20, elapsedMs: 5_200 }, WATCH_MS)).toBe(0);
    // A straggler after the rest of the level is done.
    expect(pollDelaySeconds({ open: 1, finished: 887, lanes: 20, elapsedMs: 12_000 }, WATCH_MS)).toBe(0);
  });

  it('otherwise waits about half the time left at the pace so far, in whole seconds', () => {
    // 100 of 1000 pages in 5 s: 45 s left.
    expect(pollDelaySeconds({ open: 900, finished: 100, lanes: 20, elapsedMs: 5_000 }, WATCH_MS)).toBe(10);
    // 500 of 600 in 50 s: 10 s left.
    expect(pollDelaySeconds({ open: 100, finished: 500, lanes: 20, elapsedMs: 50_000 }, WATCH_MS)).toBe(5);
    // 6 s and 5.5 s left: the half rounded down to whole seconds, as the state machine waits.
    expect(pollDelaySeconds({ open: 60, finished: 50, lanes: 20, elapsedMs: 5_000 }, WATCH_MS)).toBe(3);
    expect(pollDelaySeconds({ open: 11, finished: 10, lanes: 1, elapsedMs: 5_000 }, WATCH_MS)).toBe(2);
  });

  it('follows a Crawl-delay through the pace: one lane, one page per delay', () => {
    expect(pollDelaySeconds({ open: 30, finished: 1, lanes: 1, elapsedMs: 5_000 }, WATCH_MS)).toBe(10);
  });

  it('takes each lane to be finishing its first page before any page has finished', () => {
    // The seed on a site that takes 6 s to answer: at most about one more watch away.
    expect(pollDelaySeconds({ open: 1, finished: 0, lanes: 1, elapsedMs: 5_000 }, WATCH_MS)).toBe(0);
    // 40 pages on 20 lanes, none done after 5 s: 10 s left at best.
    expect(pollDelaySeconds({ open: 40, finished: 0, lanes: 20, elapsedMs: 5_000 }, WATCH_MS)).toBe(5);
  });
});

describe('stallAfterMs', () => {
  it('leaves a page whose worker always crashes time to reach the dead-letter queue first', () => {
    expect(stallAfterMs(120)).toBe(480_000);
    expect(stallAfterMs(120)).toBeGreaterThan(MAX_PAGE_ATTEMPTS * 120_000);
  });
});

describe('levelActivity', () => {
  it('grows with every lease taken and every outcome recorded', () => {
    const queued = { status: 'queued' as LedgerStatus, attempts: 0 };
    const taken = { status: 'in_progress' as LedgerStatus, attempts: 1 };
    const retried = { status: 'queued' as LedgerStatus, attempts: 1 };
    const done = { status: 'crawled' as LedgerStatus, attempts: 1 };
    const plannedSkip = { status: 'skipped' as LedgerStatus, attempts: 0 };
    expect(levelActivity([queued, queued])).toBe(0);
    expect(levelActivity([taken, queued])).toBe(1);
    expect(levelActivity([retried, taken])).toBe(2);
    expect(levelActivity([done, taken])).toBe(3);
    expect(levelActivity([plannedSkip])).toBe(1);
  });
});

describe('laneHeads: what a stalled level releases again', () => {
  const entries = (statuses: LedgerStatus[]) => statuses.map((status, index) => ({ index, status }));

  it('is the first unfinished entry of each lane', () => {
    // lanes of 3: {0, 3, 6}, {1, 4, 7}, {2, 5}
    expect(laneHeads(entries(['crawled', 'crawled', 'failed', 'queued', 'crawled', 'in_progress', 'queued', 'queued']), 3)).toEqual([3, 5, 7]);
  });

  it('passes over pages that are done, whatever their outcome, and lanes that are finished', () => {
    expect(laneHeads(entries(['crawled', 'skipped', 'crawled', 'queued', 'failed', 'queued']), 2)).toEqual([3]);
    expect(laneHeads(entries(['crawled', 'crawled']), 2)).toEqual([]);
  });

  it('never releases more pages than there are lanes', () => {
    expect(laneHeads(entries(Array.from({ length: 50 }, () => 'queued' as LedgerStatus)), 4)).toEqual([0, 1, 2, 3]);
  });
});

const site = (path: string) => `https://example.com${path}`;

describe('planning a level with path filters', () => {
  const pause = async () => undefined;

  it('drops filtered URLs before the budget, keeping discovery order', async () => {
    const plan = await planLevel({
      candidates: ['/blog/1', '/docs/a', '/blog/2', '/docs/b', '/docs/c', '/private/x'].map(site),
      seen: new Set(),
      budget: 2,
      isAllowed: (url) => !url.includes('/private/'),
      filter: pathFilter({ include_paths: ['/docs/**', '/private/**'] }),
      pause,
    });
    expect(plan.entries.map((entry) => entry.url)).toEqual([site('/docs/a'), site('/docs/b')]);
    expect(plan.fetchable).toBe(2);
  });

  it('records robots-disallowed URLs that pass the filters as skipped, without budget', async () => {
    const plan = await planLevel({
      candidates: ['/private/x', '/docs/a'].map(site),
      seen: new Set(),
      budget: 1,
      isAllowed: (url) => !url.includes('/private/'),
      filter: pathFilter({ exclude_paths: ['/blog/**'] }),
      pause,
    });
    expect(plan.entries).toEqual([
      { url: site('/private/x'), status: 'skipped', reason: 'robots_disallowed' },
      { url: site('/docs/a'), status: 'queued' },
    ]);
  });

  it('matches each distinct URL once, however many pages link to it', async () => {
    const wanted: string[] = [];
    const plan = await planLevel({
      candidates: ['/nav', '/docs/a', '/nav', '/docs/b', '/nav', '/nav#top'].map(site),
      seen: new Set(),
      budget: 10,
      isAllowed: () => true,
      filter: { wants: (url) => (wanted.push(url), url.includes('/docs/')), workFor: () => 1 },
      pause,
    });
    expect(plan.entries.map((entry) => entry.url)).toEqual([site('/docs/a'), site('/docs/b')]);
    expect(wanted).toEqual([site('/nav'), site('/docs/a'), site('/docs/b')]);
  });

  it('stops examining the level, the same way every time, once matching has done its work for the level', async () => {
    // each URL may cost a third of the level's matching work: the fourth is not examined
    const candidates = Array.from({ length: 10 }, (_, i) => site(`/docs/${i}`));
    const plan = () =>
      planLevel({
        candidates,
        seen: new Set(),
        budget: 100,
        isAllowed: () => true,
        filter: { wants: () => true, workFor: () => PATH_FILTER_WORK_PER_LEVEL / 3 },
        pause,
      });
    const first = await plan();
    expect(first.entries.map((entry) => entry.url)).toEqual(candidates.slice(0, 3));
    expect(first.unexamined).toBe(7);
    expect(await plan()).toEqual(first);
  });

  it('pauses for the event loop while it works through a long level', async () => {
    let pauses = 0;
    const plan = await planLevel({
      candidates: Array.from({ length: 2000 }, (_, i) => site(`/${'a'.repeat(1900)}/${i}`)),
      seen: new Set(),
      budget: 1000,
      isAllowed: () => true,
      filter: { wants: () => false, workFor: (url) => url.length * 50 },
      pause: async () => {
        pauses += 1;
      },
    });
    expect(plan).toEqual({ entries: [], fetchable: 0, unexamined: 0 });
    // about 190 million units of work, a pause at least every million
    expect(pauses).toBeGreaterThanOrEqual(150);
  });
});
