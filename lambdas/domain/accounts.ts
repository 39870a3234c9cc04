import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export const PlanSchema = z.enum(PLANS);
export type Plan = z.infer<typeof PlanSchema>;

/** Allowance given to a new user of each plan when none is stated. */
export const DEFAULT_MONTHLY_PAGES: Record<Plan, number> = { free: 1_000, pro: 50_000, enterprise: 1_000_000 };

export const UserSchema = z.object({
  user_id: z.string().min(1).max(128),
  plan: PlanSchema,
  monthly_pages: z.number().int().min(0),
  created_at: z.string(),
  /** Signs webhook deliveries (CONTRACT 9). Users stored before webhooks existed get one on first use. */
  webhook_signing_secret: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** The plan and allowance the seed file (CRAWL_SEED_USERS) gives a user. */
export const SeedProfileSchema = z.object({ plan: PlanSchema, monthly_pages: z.number().int().min(0) });
export type SeedProfile = z.infer<typeof SeedProfileSchema>;

/** A user as seeding reads it: with what seeding last wrote (`seeded`), absent on users it never wrote. */
export const SeededUserSchema = UserSchema.extend({ seeded: SeedProfileSchema.optional() });
export type SeededUser = z.infer<typeof SeededUserSchema>;

/**
 * The plan and allowance a start's seeding gives a user: the seed file's, except that a field no
 * longer holding what seeding last wrote was changed since by an admin command, and keeps that
 * change. A user seeding never wrote (created with the admin CLI) keeps both.
 */
export function seededProfile(stored: SeededUser | undefined, seed: SeedProfile): SeedProfile {
  if (!stored) return seed;
  const ownWrite = (field: keyof SeedProfile) => stored.seeded !== undefined && stored.seeded[field] === stored[field];
  return {
    plan: ownWrite('plan') ? seed.plan : stored.plan,
    monthly_pages: ownWrite('monthly_pages') ? seed.monthly_pages : stored.monthly_pages,
  };
}

export const ApiKeyRecordSchema = z.object({
  key_hash: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;

/** Keys are random and long, so one unsalted SHA-256 is enough to store them safely. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The short, non-secret name of a key shown by the admin CLI: the start of its hash. */
export function keyIdOf(keyHash: string): string {
  return keyHash.slice(0, 16);
}

export function generateApiKey(): string {
  return `wcs_${randomBytes(32).toString('base64url')}`;
}

export function generateWebhookSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * `Bearer <key>` with a token of visible ASCII; anything else is not a credential. The scheme is
 * case-insensitive in HTTP (RFC 9110 §11.1), so `bearer <key>` is one too.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([\x21-\x7e]{8,512})$/i.exec(header?.trim() ?? '');
  return match?.[1];
}
