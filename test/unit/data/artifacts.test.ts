import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { pageBatchReader, type PageBatch } from '../../../lambdas/data/artifacts.js';
import { ENV } from '../../../lambdas/data/env.js';

const s3 = mockClient(S3Client);
beforeAll(() => vi.stubEnv(ENV.artifactsBucket, 'test-bucket'));
afterAll(() => {
  s3.restore();
  vi.unstubAllEnvs();
});

it('reads each batch object once, the next ones ahead of the pass in the order it needs them, and no further', async () => {
  // Two lanes' checkpoints interleave in crawl order, as a level's pages do.
  const batches: Record<string, PageBatch> = {
    a: { 0: { sections: { markdown: 'page 0' } }, 2: { sections: { markdown: 'page 2' } } },
    b: { 1: { sections: { markdown: 'page 1' } }, 3: { sections: { markdown: 'page 3' } } },
    c: { 4: { sections: { markdown: 'page 4' } } },
    d: { 5: { sections: { markdown: 'page 5' } } },
  };
  // Only the body's text is read.
  s3.on(GetObjectCommand).callsFake(({ Key }: { Key: string }) => ({ Body: { transformToString: async () => JSON.stringify(batches[Key]) } }));
  const pages = [0, 1, 2, 3, 4, 5].map((index) => ({ index, batch: ['a', 'b', 'a', 'b', 'c', 'd'][index] }));
  const reader = pageBatchReader(pages, 1);
  const readSoFar = () => s3.commandCalls(GetObjectCommand).map((call) => call.args[0].input.Key);

  const texts: Array<string | undefined> = [];
  for (const page of pages) {
    texts.push((await reader.page(page))?.sections.markdown);
    reader.used(page);
    if (page.index === 0) expect(readSoFar()).toEqual(['a', 'b']);
    if (page.index === 1) expect(readSoFar()).toEqual(['a', 'b', 'c']);
  }
  expect(texts).toEqual(['page 0', 'page 1', 'page 2', 'page 3', 'page 4', 'page 5']);
  expect(readSoFar()).toEqual(['a', 'b', 'c', 'd']);
});
