import { z } from 'zod';

/** Environment variable names shared by the stack (which sets them) and the handlers (which read them). */
export const ENV = {
  usersTable: 'USERS_TABLE',
  apiKeysTable: 'API_KEYS_TABLE',
  usageTable: 'USAGE_TABLE',
  jobsTable: 'JOBS_TABLE',
  pagesTable: 'PAGES_TABLE',
  rateLimitsTable: 'RATE_LIMITS_TABLE',
  blockedSitesTable: 'BLOCKED_SITES_TABLE',
  artifactsBucket: 'ARTIFACTS_BUCKET',
  pageQueueUrl: 'PAGE_QUEUE_URL',
  renderQueueUrl: 'RENDER_QUEUE_URL',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  stateMachineArn: 'STATE_MACHINE_ARN',
  // The page queue's visibility timeout, which times lane runs and tells a stalled level from a slow one.
  pageVisibilitySeconds: 'CRAWL_PAGE_VISIBILITY_SECONDS',
  // Read only by the admin CLI's operations commands (docs/operations.md).
  deadLetterQueueUrl: 'PAGE_DEAD_LETTER_QUEUE_URL',
  parkingQueueUrl: 'DEAD_LETTER_PARKING_QUEUE_URL',
} as const;

export type EnvKey = keyof typeof ENV;

const setting = z.string().min(1);

/** Reads a required setting, failing fast with the variable's name instead of running on ''. */
export function requireEnv(key: EnvKey): string {
  const name = ENV[key];
  const parsed = setting.safeParse(process.env[name]);
  if (!parsed.success) throw new Error(`Missing required environment variable ${name}`);
  return parsed.data;
}
