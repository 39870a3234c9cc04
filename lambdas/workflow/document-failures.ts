import { getJob, updateJob } from '../data/jobs.js';
import { WORKER_FORMATS, type DocumentFormat } from '../domain/formats.js';

/**
 * Records why the job's PDF or Word documents that have no result were not built, so the result
 * route can say so; the job still ends with the documents it has (Finalize, after the document
 * worker failed for good).
 */
export async function recordUnbuiltDocuments(jobId: string, reason: string): Promise<void> {
  const job = await getJob(jobId);
  if (!job) return;
  const unbuilt = job.export_formats.filter((format) => WORKER_FORMATS.has(format) && !job.results?.[format] && !job.document_failures?.[format]);
  if (unbuilt.length === 0) return;
  const failures: Partial<Record<DocumentFormat, string>> = { ...job.document_failures };
  for (const format of unbuilt) failures[format] = reason;
  await updateJob(jobId, { document_failures: failures });
}
