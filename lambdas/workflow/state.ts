import { z } from 'zod';

/**
 * The state machine's whole payload: a job id, the depth being crawled and where to go next.
 * Everything else lives in DynamoDB and S3, so the payload never grows with the crawl.
 */
export const CrawlStateSchema = z.object({
  job_id: z.string(),
  depth: z.number().int().min(0).default(0),
  next: z.enum(['plan', 'check', 'wait', 'assemble', 'documents', 'finalize']).optional(),
  wait_seconds: z.number().int().min(0).optional(),
  failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  /** The document worker failed after its retries: the job ends with the documents it has. */
  documents_failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export type CrawlState = z.infer<typeof CrawlStateSchema>;
