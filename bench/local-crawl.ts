export interface FinishedJob {
  id: string;
  status: string;
  progress: { pages_crawled: number };
  finished_at: string | null;
}

/**
 * Creates a job on the local runtime's API and polls it until it ends; the seconds are from just
 * before the POST (`postedAt`, epoch milliseconds) to the job's `finished_at`, so the poll's own
 * interval is not part of the figure.
 */
export async function crawlToEnd(apiUrl: string, key: string, body: Record<string, unknown>): Promise<{ job: FinishedJob; seconds: number; postedAt: number }> {
  const headers = { authorization: `Bearer ${key}` };
  const postedAt = Date.now();
  const created = await fetch(`${apiUrl}/v1/jobs`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { id } = (await created.json()) as { id: string };
  let job: FinishedJob;
  do {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = (await (await fetch(`${apiUrl}/v1/jobs/${id}`, { headers })).json()) as FinishedJob;
  } while (job.status === 'queued' || job.status === 'running');
  if (!job.finished_at) throw new Error(`job ${id} ended ${job.status} without finished_at`);
  return { job, seconds: (Date.parse(job.finished_at) - postedAt) / 1000, postedAt };
}

/** The job's result document in the default format (markdown), following the redirect a large one gets. */
export async function downloadResult(apiUrl: string, key: string, jobId: string): Promise<Buffer> {
  const response = await fetch(`${apiUrl}/v1/jobs/${jobId}/result`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`result of job ${jobId}: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}
