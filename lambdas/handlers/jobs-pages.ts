import { notFound } from '../api/errors.js';
import { apiHandler, jobIdParameter } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import { parsePagesQuery } from '../api/query.js';
import { getJobOfUser } from '../data/jobs.js';
import { ledgerPage } from '../data/ledger.js';
import { publicLedgerEntry } from '../domain/ledger.js';

/** The per-URL ledger in crawl order; the cursor is the last sort key, opaque to clients. */
export const handler = apiHandler(async (event, caller) => {
  const jobId = jobIdParameter(event);
  const job = await getJobOfUser(jobId, caller.user_id);
  if (!job) throw notFound('job not found');
  const { cursor, limit } = parsePagesQuery(event.queryStringParameters);
  const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined;
  const { entries, lastKey } = await ledgerPage(jobId, limit, after?.startsWith('p#') ? after : undefined);
  return jsonResponse(200, {
    pages: entries.map(publicLedgerEntry),
    next_cursor: lastKey ? Buffer.from(lastKey, 'utf8').toString('base64url') : null,
  });
});
