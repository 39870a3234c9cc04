import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { PageBatch } from '../../../lambdas/data/artifacts.js';
import { ENV } from '../../../lambdas/data/env.js';
import type { JobRecord } from '../../../lambdas/domain/job.js';
import type { LedgerEntry } from '../../../lambdas/domain/ledger.js';
import { forEachPageSections, type PageSections } from '../../../lambdas/workflow/assemble.js';

const FOOTER = 'Harbour News, 1 Quay Street, Portside. Open every day from six.';
const section = (n: number) => `URL: https://site.test/${n}\n\nStory ${n}: the harbour authority approved item ${n} of the plan.\n\n${FOOTER}`;

/** Four pages in two batch objects, every page ending with the same footer. */
const BATCHES: Record<string, PageBatch> = {
  first: { 0: { sections: { markdown: section(0) } }, 1: { sections: { markdown: section(1) } } },
  second: { 2: { sections: { markdown: section(2) } }, 3: { sections: { markdown: section(3) } } },
};
const pages = [0, 1, 2, 3].map((index) => ({ index, batch: index < 2 ? 'first' : 'second' }) as LedgerEntry);
const job = { export_formats: ['markdown'], only_main_content: true } as unknown as JobRecord;

const s3 = mockClient(S3Client);
beforeAll(() => vi.stubEnv(ENV.artifactsBucket, 'test-bucket'));
beforeEach(() => {
  s3.reset();
  s3.on(GetObjectCommand).callsFake(({ Key }: { Key: string }) => ({ Body: { transformToString: async () => JSON.stringify(BATCHES[Key]) } }));
});
afterAll(() => {
  s3.restore();
  vi.unstubAllEnvs();
});

async function sectionsInOrder(heldCharacters?: number) {
  const seen: Array<[number, PageSections]> = [];
  await forEachPageSections(job, pages, (index, sections) => void seen.push([index, sections]), heldCharacters);
  return { seen, reads: s3.commandCalls(GetObjectCommand).map((call) => call.args[0].input.Key) };
}

it('reads each batch object once when the sections fit in memory, and again past the bound, with the same sections either way', async () => {
  const held = await sectionsInOrder();
  expect(held.reads).toEqual(['first', 'second']);
  expect(held.seen.map(([index]) => index)).toEqual([0, 1, 2, 3]);
  // The footer every page repeats stays on one page only.
  expect(held.seen.filter(([, sections]) => sections.markdown?.includes(FOOTER))).toHaveLength(1);
  expect(held.seen[3]?.[1].markdown).toContain('approved item 3 of the plan');

  s3.resetHistory();
  const reread = await sectionsInOrder(section(0).length + 1);
  expect(reread.reads).toEqual(['first', 'second', 'first', 'second']);
  expect(reread.seen).toEqual(held.seen);
});
