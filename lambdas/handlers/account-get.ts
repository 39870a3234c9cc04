import { apiHandler } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import { webhookSigningSecret } from '../data/accounts.js';

/** GET /v1/account: who the key belongs to, the plan, and the secret that signs webhook deliveries. */
export const handler = apiHandler(async (_event, caller) => {
  return jsonResponse(200, {
    user_id: caller.user_id,
    plan: caller.plan,
    monthly_pages: caller.monthly_pages,
    webhook_signing_secret: await webhookSigningSecret(caller.user_id),
  });
});
