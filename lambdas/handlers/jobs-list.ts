import { apiHandler } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import { jobListCursor, parseJobsQuery } from '../api/query.js';
import { listJobsOfUser } from '../data/jobs.js';
import { publicView } from '../domain/job.js';

/** GET /v1/jobs: the caller's jobs, newest first (CONTRACT 9). */
export const handler = apiHandler(async (event, caller) => {
  const { limit, cursor, status } = parseJobsQuery(event.queryStringParameters);
  const { jobs, next } = await listJobsOfUser(caller.user_id, { limit, after: cursor, status });
  return jsonResponse(200, { jobs: jobs.map(publicView), next_cursor: next ? jobListCursor(next) : null });
});
