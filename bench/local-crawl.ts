export interface FinishedJob {
  id: string;
  status: string;
  progress: { pages_crawled: number };
}

/** Creates a job on the local runtime's API and polls it until it ends; the seconds are POST to the end. */
export async function crawlToEnd(apiUrl: string, key: string, body: Record<string, unknown>): Promise<{ job: FinishedJob; seconds: number }> {
  const headers = { authorization: `Bearer ${key}` };
  const started = performance.now();
  const created = await fetch(`${apiUrl}/v1/jobs`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { id } = (await created.json()) as { id: string };
  let job: FinishedJob;
  do {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = (await (await fetch(`${apiUrl}/v1/jobs/${id}`, { headers })).json()) as FinishedJob;
  } while (job.status === 'queued' || job.status === 'running');
  return { job, seconds: (performance.now() - started) / 1000 };
}
