import { apiHandler, jobIdParameter } from '../api/handler.js';
import { jobFinished, notFound } from '../api/errors.js';
import { jsonResponse } from '../api/http.js';
import { getJobOfUser, requestCancel } from '../data/jobs.js';
import { publicView } from '../domain/job.js';

/** Asks the crawl to stop; the workflow keeps what was crawled and ends the job `cancelled`. */
export const handler = apiHandler(async (event, caller) => {
  const jobId = jobIdParameter(event);
  const job = await getJobOfUser(jobId, caller.user_id);
  if (!job) throw notFound('job not found');
  if (!(await requestCancel(jobId))) throw jobFinished();
  return jsonResponse(202, publicView({ ...job, cancel_requested: true }));
});
