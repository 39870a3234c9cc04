import middy from '@middy/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  flushMetrics,
  flushMetricsMiddleware,
  recordJobCreated,
  reasonDimension,
  recordJobEnded,
  recordPageOutcome,
  sendMetricLinesTo,
} from '../../../lambdas/observability/metrics.js';

afterEach(() => sendMetricLinesTo(undefined));

function capture(): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  sendMetricLinesTo((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return lines;
}

describe('metric dimensions', () => {
  it('keep ledger reasons, and bound HTTP statuses to the telling ones and their class', () => {
    expect(reasonDimension('timeout')).toBe('timeout');
    expect(reasonDimension('http_403')).toBe('http_403');
    expect(reasonDimension('http_429')).toBe('http_429');
    expect(reasonDimension('http_418')).toBe('http_4xx');
    expect(reasonDimension('http_599')).toBe('http_5xx');
    expect(reasonDimension(undefined)).toBe('none');
  });
});

describe('flushing', () => {
  it('writes what the invocation recorded, once per dimension set, even when the handler throws', async () => {
    const lines = capture();
    const handler = middy(async (fail: boolean) => {
      recordPageOutcome({ status: 'crawled', bytes: 120, rendered: true });
      recordPageOutcome({ status: 'failed', reason: 'http_503' });
      recordPageOutcome({ status: 'failed', reason: 'http_503' });
      if (fail) throw new Error('boom');
      return 'ok';
    }).use(flushMetricsMiddleware());
    await expect(handler(true, {} as never)).rejects.toThrow('boom');

    const byDimensions = Object.fromEntries(lines.map((line) => [JSON.stringify((line._aws as { CloudWatchMetrics: Array<{ Dimensions: string[][] }> }).CloudWatchMetrics[0]?.Dimensions), line]));
    expect(byDimensions['[["service"]]']).toMatchObject({ service: 'web-crawl-service', PagesCrawled: 1, PagesRendered: 1, BytesExported: 120, PagesFailed: [1, 1] });
    expect(byDimensions['[["service","reason"]]']).toMatchObject({ reason: 'http_503', PagesFailed: [1, 1] });
    expect(lines).toHaveLength(2);

    // nothing recorded, nothing written
    lines.length = 0;
    flushMetrics();
    expect(lines).toEqual([]);
  });

  it('sends every value of an invocation that records hundreds of pages through its sink, none straight to stdout', () => {
    const lines = capture();
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      for (let page = 0; page < 250; page++) recordPageOutcome({ status: 'crawled', bytes: 100 });
      flushMetrics();
    } finally {
      process.stdout.write = write;
    }
    expect(written.filter((line) => line.includes('PagesCrawled'))).toEqual([]);
    const values = (line: Record<string, unknown>, name: string) => [line[name] ?? []].flat().length;
    expect(lines.reduce((total, line) => total + values(line, 'PagesCrawled'), 0)).toBe(250);
    expect(lines.reduce((total, line) => total + values(line, 'BytesExported'), 0)).toBe(250);
  });

  it('records a failed job under its error code and its duration in seconds', () => {
    const lines = capture();
    recordJobEnded({ status: 'failed', errorCode: 'robots_disallowed', durationSeconds: 12.5 });
    flushMetrics();
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ JobsFailed: 1, JobDuration: 12.5 }),
        expect.objectContaining({ error_code: 'robots_disallowed', JobsFailed: 1 }),
      ]),
    );
  });
});

describe('flushMetricsMiddleware', () => {
  it('flushes after a middy handler returns and after it throws', async () => {
    const lines = capture();
    const handler = middy(async (fail: boolean) => {
      recordJobCreated();
      if (fail) throw new Error('boom');
      return 'ok';
    }).use(flushMetricsMiddleware());
    await expect(handler(false, {} as never)).resolves.toBe('ok');
    await expect(handler(true, {} as never)).rejects.toThrow('boom');
    expect(lines.map((line) => line.JobsCreated)).toEqual([1, 1]);
  });
});
