import { apiHandler } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import type { Account } from '../api/responses.js';
import { webhookSigningSecret } from '../data/accounts.js';

/** GET /v1/account: who the key belongs to, the plan, and the secret that signs webhook deliveries. */
export const handler = apiHandler(async (_event, caller) => {
  const body: Account = {
    user_id: caller.user_id,
    plan: caller.plan,
    monthly_pages: caller.monthly_pages,
    webhook_signing_secret: await webhookSigningSecret(caller.user_id),
  };
  return jsonResponse(200, body);
});
