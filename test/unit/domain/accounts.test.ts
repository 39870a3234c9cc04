import { describe, expect, it } from 'vitest';
import { seededProfile, type SeededUser } from '../../../lambdas/domain/accounts.js';

describe('seededProfile: what a start of the local runtime gives a seeded user', () => {
  const stored = (fields: Partial<SeededUser>): SeededUser => ({ user_id: 'u', plan: 'pro', monthly_pages: 1000, created_at: '2026-01-01T00:00:00.000Z', ...fields });
  const seed = { plan: 'free' as const, monthly_pages: 50 };

  it('creates a new user with the seed file values', () => {
    expect(seededProfile(undefined, seed)).toEqual(seed);
  });

  it('applies the file to fields that still hold what seeding last wrote', () => {
    expect(seededProfile(stored({ seeded: { plan: 'pro', monthly_pages: 1000 } }), seed)).toEqual(seed);
  });

  it('keeps a field an admin command changed since, and applies the file to the other', () => {
    expect(seededProfile(stored({ monthly_pages: 7, seeded: { plan: 'pro', monthly_pages: 1000 } }), seed)).toEqual({ plan: 'free', monthly_pages: 7 });
    expect(seededProfile(stored({ plan: 'enterprise', seeded: { plan: 'pro', monthly_pages: 1000 } }), seed)).toEqual({ plan: 'enterprise', monthly_pages: 50 });
  });

  it('keeps both fields of a user seeding never wrote', () => {
    expect(seededProfile(stored({}), seed)).toEqual({ plan: 'pro', monthly_pages: 1000 });
  });
});
