/** Days a job record, its ledger and its artefacts are kept after creation (S3 lifecycle and DynamoDB TTL). */
export const JOB_RETENTION_DAYS = 30;
