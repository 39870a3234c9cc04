import type { APIGatewayProxyResult } from 'aws-lambda';
import { jobFailed, notFound, resultNotReady } from '../api/errors.js';
import { apiHandler, jobIdParameter } from '../api/handler.js';
import { parseResultQuery } from '../api/query.js';
import { CONTENT_TYPES, downloadUrl, getText } from '../data/artifacts.js';
import { getJobOfUser } from '../data/jobs.js';

/** Documents up to this size are answered inline; larger ones redirect to S3 (Lambda answers at most 6 MB). */
const INLINE_LIMIT_BYTES = 4 * 1024 * 1024;
const DOWNLOAD_URL_SECONDS = 300;

export const handler = apiHandler(async (event, caller): Promise<APIGatewayProxyResult> => {
  const job = await getJobOfUser(jobIdParameter(event), caller.user_id);
  if (!job) throw notFound('job not found');
  if (job.status === 'failed') throw jobFailed(job.error ?? { code: 'internal_error', message: 'the job failed' });
  if (job.status !== 'completed' && job.status !== 'cancelled') throw resultNotReady();

  const { format } = parseResultQuery(event.queryStringParameters, job.export_formats);
  const result = job.results?.[format];
  if (!result) throw resultNotReady();
  const contentType = CONTENT_TYPES[format];
  if (result.bytes > INLINE_LIMIT_BYTES) {
    return {
      statusCode: 303,
      headers: { Location: await downloadUrl(result.key, contentType, DOWNLOAD_URL_SECONDS), 'Content-Type': contentType },
      body: '',
    };
  }
  const body = await getText(result.key);
  if (body === undefined) throw resultNotReady();
  return { statusCode: 200, headers: { 'Content-Type': contentType }, body };
});
