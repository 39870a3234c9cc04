import { describe, expect, it } from 'vitest';
import { EMPTY_HOST_SLOTS, fairShare, takeSlot, type HostSlotsState, type SlotRequest } from '../../../lambdas/domain/host-manners.js';

const NOW = 1_000_000;
const request = (jobId: string, leaseId: string, extra: Partial<SlotRequest> = {}): SlotRequest => ({
  jobId,
  leaseId,
  now: NOW,
  cap: 4,
  leaseMs: 60_000,
  waitingMarkMs: 5_000,
  crawlDelayMs: 0,
  ...extra,
});

/** Takes slots one after another, threading the state; returns the leases that were granted. */
function takeInTurn(state: HostSlotsState, requests: SlotRequest[]) {
  const granted: string[] = [];
  for (const next of requests) {
    const decision = takeSlot(state, next);
    state = decision.state;
    if (decision.taken) granted.push(next.leaseId);
  }
  return { state, granted };
}

describe('the per-host cap', () => {
  it('never lets more than `cap` fetches be in flight to a site', () => {
    const { granted } = takeInTurn(EMPTY_HOST_SLOTS, Array.from({ length: 10 }, (_, i) => request('a', `a${i}`)));
    expect(granted).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('shares the slots fairly: a job that wants the site stops the other taking more than its share', () => {
    // a holds all four; b is refused and so counts as waiting
    let { state } = takeInTurn(EMPTY_HOST_SLOTS, ['a0', 'a1', 'a2', 'a3'].map((id) => request('a', id)));
    const refused = takeSlot(state, request('b', 'b0'));
    expect(refused).toMatchObject({ taken: false, why: 'host_busy' });
    state = refused.state;
    // two of a's fetches end; a may not take them back, b may
    delete state.leases.a0;
    delete state.leases.a1;
    expect(takeSlot(state, request('a', 'a4')).taken).toBe(false);
    ({ state } = takeInTurn(state, [request('b', 'b1'), request('b', 'b2'), request('b', 'b3')]));
    expect(Object.values(state.leases).map((lease) => lease.job).sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('gives expired leases back, so a worker that died holds nothing', () => {
    const { state } = takeInTurn(EMPTY_HOST_SLOTS, ['a0', 'a1', 'a2', 'a3'].map((id) => request('a', id)));
    expect(takeSlot(state, request('b', 'b0', { now: NOW + 30_000 })).taken).toBe(false);
    expect(takeSlot(state, request('b', 'b0', { now: NOW + 61_000 })).taken).toBe(true);
  });

  it('forgets a waiting job after its mark runs out', () => {
    const { state } = takeInTurn(EMPTY_HOST_SLOTS, [request('a', 'a0'), request('a', 'a1'), request('a', 'a2'), request('a', 'a3'), request('b', 'b0')]);
    delete state.leases.a0;
    expect(takeSlot(state, request('a', 'a4', { now: NOW + 1_000 })).taken).toBe(false);
    expect(takeSlot(state, request('a', 'a4', { now: NOW + 6_000 })).taken).toBe(true);
  });

  it('rounds the fair share up and never below one', () => {
    expect(fairShare(20, 1)).toBe(20);
    expect(fairShare(20, 3)).toBe(7);
    expect(fairShare(2, 5)).toBe(1);
  });
});

describe('Crawl-delay across jobs', () => {
  it('spaces fetches to the site by the delay, whichever job makes them', () => {
    const delay = { crawlDelayMs: 2_000 };
    const first = takeSlot(EMPTY_HOST_SLOTS, request('a', 'a0', delay));
    expect(first.taken).toBe(true);
    const other = takeSlot(first.state, request('b', 'b0', { ...delay, now: NOW + 500 }));
    expect(other).toMatchObject({ taken: false, why: 'crawl_delay', retryInMs: 1_500 });
    expect(takeSlot(other.state, request('b', 'b0', { ...delay, now: NOW + 2_000 })).taken).toBe(true);
  });
});
