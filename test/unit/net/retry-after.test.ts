import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../../lambdas/net/retry-after.js';

const now = new Date('2024-03-01T12:00:00Z');
const after = (value: string | undefined) => retryAfterSeconds({ 'retry-after': value }, now);

describe('retryAfterSeconds', () => {
  it('reads delta-seconds', () => {
    expect(after('120')).toBe(120);
    expect(after(' 0 ')).toBe(0);
  });

  it('reads the three HTTP-date forms as GMT, whatever the local time zone', () => {
    expect(after('Fri, 01 Mar 2024 12:01:30 GMT')).toBe(90);
    expect(after('Friday, 01-Mar-24 12:01:30 GMT')).toBe(90);
    expect(after('Fri Mar  1 12:01:30 2024')).toBe(90);
  });

  it('rounds part seconds up and treats a past date as now', () => {
    expect(retryAfterSeconds({ 'retry-after': 'Fri, 01 Mar 2024 12:00:01 GMT' }, new Date('2024-03-01T12:00:00.500Z'))).toBe(1);
    expect(after('Thu, 29 Feb 2024 12:00:00 GMT')).toBe(0);
  });

  it('gives undefined for a missing or unreadable value', () => {
    expect(retryAfterSeconds({}, now)).toBeUndefined();
    expect(after(undefined)).toBeUndefined();
    for (const value of ['', '-5', '1.5', 'soon', 'garbage 12', 'Fri, 01 Foo 2024 12:00:00 GMT']) {
      expect(after(value)).toBeUndefined();
    }
  });
});
