import { apiHandler } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import { getUsage } from '../data/usage.js';
import { quotaPeriod } from '../domain/quota.js';

export const handler = apiHandler(async (_event, caller) => {
  const period = quotaPeriod(new Date());
  const usage = await getUsage(caller.user_id, period);
  return jsonResponse(200, {
    period,
    allowance: caller.monthly_pages,
    used: usage.used,
    reserved: usage.reserved,
    remaining: Math.max(0, caller.monthly_pages - usage.used - usage.reserved),
  });
});
