import { describe, expect, it } from 'vitest';
import { pathFilter } from '../../../lambdas/core/path-filter.js';
import { planLevel } from '../../../lambdas/domain/frontier.js';

const site = (path: string) => `https://example.com${path}`;

describe('planning a level with path filters', () => {
  it('drops filtered URLs before the budget, keeping discovery order', () => {
    const plan = planLevel({
      candidates: ['/blog/1', '/docs/a', '/blog/2', '/docs/b', '/docs/c', '/private/x'].map(site),
      seen: new Set(),
      budget: 2,
      isAllowed: (url) => !url.includes('/private/'),
      isWanted: pathFilter({ include_paths: ['/docs/**', '/private/**'] }),
    });
    expect(plan.entries.map((entry) => entry.url)).toEqual([site('/docs/a'), site('/docs/b')]);
    expect(plan.fetchable).toBe(2);
  });

  it('records robots-disallowed URLs that pass the filters as skipped, without budget', () => {
    const plan = planLevel({
      candidates: ['/private/x', '/docs/a'].map(site),
      seen: new Set(),
      budget: 1,
      isAllowed: (url) => !url.includes('/private/'),
      isWanted: pathFilter({ exclude_paths: ['/blog/**'] }),
    });
    expect(plan.entries).toEqual([
      { url: site('/private/x'), status: 'skipped', reason: 'robots_disallowed' },
      { url: site('/docs/a'), status: 'queued' },
    ]);
  });
});
