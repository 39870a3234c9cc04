import { apiHandler, apiVersionOf } from '../api/handler.js';
import { jsonResponse, parseJsonBody } from '../api/http.js';
import { parseCreateJobRequest } from '../api/job-request.js';
import { creationView } from '../domain/job.js';
import { createJob } from '../workflow/create-job.js';

/** POST /v1/jobs and /v1.1/jobs. */
export const handler = apiHandler(async (event, caller) => {
  const version = apiVersionOf(event);
  const request = parseCreateJobRequest(parseJsonBody(event), version);
  const created = creationView(await createJob(caller, request, { version }));
  return jsonResponse(202, created, { Location: created.links.self });
});
