import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Renderer } from '../../../lambdas/render/contract.js';
import { crawlLaneMessage, renderPageMessage } from '../../../lambdas/workflow/lane-run.js';
import { entryOf, fakeLanePorts, htmlPage, laneJob, pageUrl } from '../../helpers/fake-lane-ports.js';

/** A level of 6 pages in 2 lanes: lane 0 is entries 0, 2 and 4. */
const job = laneJob(6, 2, 'auto');
const laneMessage = { job_id: job.job_id, depth: 1, index: 0 };

let ports: ReturnType<typeof fakeLanePorts>;
beforeEach(() => {
  ports = fakeLanePorts(job);
});

/** The indexes the lane's checkpoints recorded, in order. */
const recorded = () => ports.finishEntries.mock.calls.flatMap(([finished]) => finished.map(({ entry }) => entry.index));
const laneDoneMarks = () => ports.recordCheckpoint.mock.calls.map(([, , laneDone]) => laneDone).filter(Boolean);

describe('where a page worker sends its lane', () => {
  it('done: crawls the lane to its end, marks it done in the last checkpoint, and sends nothing', async () => {
    await crawlLaneMessage(laneMessage, ports);
    expect(recorded()).toEqual([0, 2, 4]);
    expect(laneDoneMarks()).toEqual(['1:0']);
    expect(ports.sendPageMessage).not.toHaveBeenCalled();
  });

  it('continue: with a Crawl-delay, crawls one page and sends the next as its own message after the delay', async () => {
    ports = fakeLanePorts({ ...job, crawl_delay_seconds: 5 });
    await crawlLaneMessage(laneMessage, ports);
    expect(recorded()).toEqual([0]);
    expect(ports.claimEntries).not.toHaveBeenCalled();
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, 5);
  });

  it('continue: yields the site to another job after a checkpoint, giving back the pages not crawled and sending the lane from its next page', async () => {
    ports.slots.wait.mockResolvedValueOnce({ taken: true, release: async () => undefined, renew: async () => false });
    // A page taken over from a worker that died: each page is recorded (and the slot renewed) at once.
    ports.acquireLease.mockImplementationOnce(async (_jobId, _depth, index) => entryOf(job, 1, index, { status: 'in_progress', attempts: 2 }));
    await crawlLaneMessage(laneMessage, ports);
    expect(recorded()).toEqual([0]);
    expect(laneDoneMarks()).toEqual([]);
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, 0);
  });

  it('retry-later: a page the site answers 503 gets a delayed message of its own, its lease given back, and the lane waits for it', async () => {
    ports.fetchDocument.mockResolvedValueOnce({ ...htmlPage(pageUrl(0)), status: 503 });
    await crawlLaneMessage(laneMessage, ports);
    expect(ports.releaseLease).toHaveBeenCalledWith('job-a', 1, 0);
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 0 }, 2);
    expect(recorded()).toEqual([]);
    // The pages taken ahead go back as they were, for the lane's next worker.
    expect(ports.restoreEntries.mock.calls.flatMap(([entries]) => entries.map((entry) => entry.index))).toEqual([2, 4]);
  });

  it('to-browser: a script-built shell marks its site and goes to the render queue, after the pages before it are recorded', async () => {
    const shell = '<html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';
    ports.fetchDocument.mockImplementation(async (url) => (url === pageUrl(2) ? { ...htmlPage(url), body: new TextEncoder().encode(shell) } : htmlPage(url)));
    await crawlLaneMessage(laneMessage, ports);
    expect(recorded()).toEqual([0]);
    expect(ports.addShellHostMark).toHaveBeenCalledWith('job-a', 'site.test@1');
    expect(ports.handOverToRenderer).toHaveBeenCalledWith('job-a', 1, 2);
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, 0, 'renderQueueUrl');
  });

  it('defer: a busy site sends the same message back after the wait it asks, leasing no page', async () => {
    ports.slots.wait.mockResolvedValueOnce({ taken: false, retryInSeconds: 4 });
    await crawlLaneMessage(laneMessage, ports);
    expect(ports.acquireLease).not.toHaveBeenCalled();
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 0 }, 4, 'pageQueueUrl');
  });

  it('stop: a lane whose front page another worker holds is left to that worker', async () => {
    ports.acquireLease.mockResolvedValueOnce(undefined);
    ports.getEntry.mockResolvedValueOnce(entryOf(job, 1, 0, { status: 'in_progress', attempts: 1 }));
    await crawlLaneMessage(laneMessage, ports);
    expect(ports.fetchDocument).not.toHaveBeenCalled();
    expect(ports.sendPageMessage).not.toHaveBeenCalled();
    expect(ports.recordCheckpoint).not.toHaveBeenCalled();
  });

  it('stop: a checkpoint that finds the job cancelled stops the lane', async () => {
    ports.recordCheckpoint.mockResolvedValue({ ...job, cancel_requested: true });
    ports.acquireLease.mockImplementationOnce(async (_jobId, _depth, index) => entryOf(job, 1, index, { status: 'in_progress', attempts: 2 }));
    await crawlLaneMessage(laneMessage, ports);
    expect(recorded()).toEqual([0]);
    expect(ports.sendPageMessage).not.toHaveBeenCalled();
  });
});

describe('where the render worker sends its lane', () => {
  const rendered = vi.fn<Renderer['render']>(async (page) => ({ html: new TextDecoder().decode(page.body), fetched: 0, fetchedBytes: 0, refused: [] }));
  const renderer: Renderer = { render: rendered, close: async () => undefined };
  beforeEach(() => {
    rendered.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('continue: records the rendered page and sends the lane on to the page worker from its next page', async () => {
    await renderPageMessage(laneMessage, ports, renderer);
    expect(recorded()).toEqual([0]);
    expect(ports.finishEntries.mock.calls[0]?.[0][0]?.fields).toMatchObject({ status: 'crawled', rendered: true });
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 2 }, 0);
  });

  it('continue: a render message delivered again after its page was done sends the lane on from that page', async () => {
    ports.acquireLease.mockResolvedValueOnce(undefined);
    ports.getEntry.mockResolvedValueOnce(entryOf(job, 1, 0, { status: 'crawled' }));
    await renderPageMessage(laneMessage, ports, renderer);
    expect(rendered).not.toHaveBeenCalled();
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 0 }, 0);
  });

  it('done: the lane ends with the rendered page when it was the last', async () => {
    await renderPageMessage({ ...laneMessage, index: 4 }, ports, renderer);
    expect(recorded()).toEqual([4]);
    expect(laneDoneMarks()).toEqual(['1:0']);
    expect(ports.sendPageMessage).not.toHaveBeenCalled();
  });

  it('defer: a busy site sends the message back to the render queue', async () => {
    ports.slots.wait.mockResolvedValueOnce({ taken: false, retryInSeconds: 2 });
    await renderPageMessage(laneMessage, ports, renderer);
    expect(ports.sendPageMessage).toHaveBeenCalledWith({ job_id: 'job-a', depth: 1, index: 0 }, 2, 'renderQueueUrl');
  });

  it('skips the page as cancelled when the job is cancelled during its render, without waiting for the render', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    rendered.mockReturnValueOnce(new Promise(() => undefined));
    ports.getJob.mockResolvedValueOnce(job).mockResolvedValue({ ...job, cancel_requested: true });
    const running = renderPageMessage(laneMessage, ports, renderer);
    await vi.waitFor(() => expect(rendered).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(1_000);
    await running;
    expect(ports.finishEntries.mock.calls[0]?.[0][0]?.fields).toMatchObject({ status: 'skipped', reason: 'cancelled' });
  });
});
