import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { saveUser, seedApiKey, seedUser, storeApiKey } from '../lambdas/data/accounts.js';
import { DEFAULT_MONTHLY_PAGES, PlanSchema, generateApiKey } from '../lambdas/domain/accounts.js';

/**
 * CONTRACT 8: `CRAWL_SEED_USERS=<file.json>`, users created or updated at every start. An update
 * never undoes an admin command: a revoked key stays revoked, a changed plan or allowance stays.
 */
const SeedUsersSchema = z.array(
  z.strictObject({
    user_id: z.string().min(1).max(128),
    api_key: z.string().min(8).max(512),
    plan: PlanSchema,
    monthly_pages: z.number().int().min(0),
  }),
);

export async function seedUsersFromFile(file: string, now: Date): Promise<string[]> {
  const parsed = SeedUsersSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`CRAWL_SEED_USERS (${file}) is not valid: ${parsed.error.message}`);
  for (const user of parsed.data) {
    await seedUser(user.user_id, { plan: user.plan, monthly_pages: user.monthly_pages }, now);
    await seedApiKey(user.user_id, user.api_key, now);
  }
  return parsed.data.map((user) => user.user_id);
}

const DEV_USER_ID = 'dev';

/**
 * The first start on a data directory creates a development user and prints its key once; the key
 * is also kept in the data directory (mode 600) so a developer can find it again.
 */
export async function ensureDevelopmentUser(dataDir: string, now: Date): Promise<{ created: boolean; apiKey?: string; keyFile: string }> {
  const keyFile = path.join(dataDir, 'dev-api-key');
  try {
    await readFile(keyFile, 'utf8');
    return { created: false, keyFile };
  } catch {
    const apiKey = generateApiKey();
    await saveUser({ user_id: DEV_USER_ID, plan: 'pro', monthly_pages: DEFAULT_MONTHLY_PAGES.pro }, now);
    await storeApiKey(DEV_USER_ID, apiKey, now);
    await writeFile(keyFile, `${apiKey}\n`, { mode: 0o600 });
    return { created: true, apiKey, keyFile };
  }
}
