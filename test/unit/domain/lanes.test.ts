import { describe, expect, it } from 'vitest';
import { laneDoneMark, lanesDone } from '../../../lambdas/domain/job.js';

describe('lane-done marks', () => {
  it('count the lanes of one level only, each once', () => {
    const job = { lanes_done: new Set([laneDoneMark(1, 0), laneDoneMark(1, 3), laneDoneMark(11, 0), laneDoneMark(2, 1)]) };
    expect(lanesDone(job, 1)).toBe(2);
    expect(lanesDone(job, 11)).toBe(1);
    expect(lanesDone(job, 2)).toBe(1);
    expect(lanesDone(job, 3)).toBe(0);
    expect(lanesDone({}, 0)).toBe(0);
  });
});
