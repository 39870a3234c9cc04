import { apiHandler, jobIdParameter } from '../api/handler.js';
import { notFound } from '../api/errors.js';
import { jsonResponse } from '../api/http.js';
import { getJobOfUser } from '../data/jobs.js';
import { publicView } from '../domain/job.js';

export const handler = apiHandler(async (event, caller) => {
  const job = await getJobOfUser(jobIdParameter(event), caller.user_id);
  if (!job) throw notFound('job not found');
  return jsonResponse(200, publicView(job));
});
