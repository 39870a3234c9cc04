import type { APIGatewayProxyResult } from 'aws-lambda';
import { jobFailed, notFound, resultNotReady, validationError } from '../api/errors.js';
import { apiHandler, apiVersionOf, jobIdParameter } from '../api/handler.js';
import { parseResultQuery } from '../api/query.js';
import { downloadUrl, getText } from '../data/artifacts.js';
import { getJobOfUser } from '../data/jobs.js';
import { BINARY_FORMATS, JSONL_FORMAT, MEDIA_TYPES } from '../domain/formats.js';
import { jobLinks } from '../domain/job.js';

/** Documents up to this size are answered inline; larger ones redirect to S3 (Lambda answers at most 6 MB). */
const INLINE_LIMIT_BYTES = 4 * 1024 * 1024;
const DOWNLOAD_URL_SECONDS = 300;

/**
 * GET /v1/jobs/{id}/result and /v1.1. PDF and Word documents are always redirected: API Gateway
 * passes a Lambda's bytes on as bytes only when the client's Accept header names a binary media
 * type, which curl's and browsers' defaults do not.
 */
export const handler = apiHandler(async (event, caller): Promise<APIGatewayProxyResult> => {
  const job = await getJobOfUser(jobIdParameter(event), caller.user_id);
  if (!job) throw notFound('job not found');
  if (job.status === 'failed') throw jobFailed(job.error ?? { code: 'internal_error', message: 'the job failed' });
  const version = apiVersionOf(event);
  const notReady = () => resultNotReady(jobLinks(job.job_id, version).self);
  if (job.status !== 'completed' && job.status !== 'cancelled') throw notReady();

  const { format } = parseResultQuery(event.queryStringParameters, job.export_formats, version);
  const result = job.results?.[format];
  // A document built with a note (a PDF with cut content) is served; the job record has the note.
  const unbuilt = format === JSONL_FORMAT || result ? undefined : job.document_failures?.[format];
  if (unbuilt) throw validationError([{ field: 'format', message: `the ${format} document could not be built: ${unbuilt}; the job's other documents are there` }]);
  if (!result) throw notReady();
  const contentType = MEDIA_TYPES[format];
  if (result.bytes > INLINE_LIMIT_BYTES || BINARY_FORMATS.has(format)) {
    return {
      statusCode: 303,
      headers: { Location: await downloadUrl(result.key, contentType, DOWNLOAD_URL_SECONDS), 'Content-Type': contentType },
      body: '',
    };
  }
  const body = await getText(result.key);
  if (body === undefined) throw notReady();
  return { statusCode: 200, headers: { 'Content-Type': contentType }, body };
});
