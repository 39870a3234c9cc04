import { GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { ExportFormat } from '../domain/job.js';
import { FILE_EXTENSIONS, MEDIA_TYPES, type ResultFormat } from '../domain/formats.js';
import { s3 } from './clients.js';
import { requireEnv } from './env.js';

const bucket = () => requireEnv('artifactsBucket');


/** Where each artefact of a job lives; every key sits under `jobs/` so the lifecycle rule expires it. */
export const artifactKeys = {
  selectUrls: (jobId: string) => `jobs/${jobId}/request/urls.json`,
  robots: (jobId: string) => `jobs/${jobId}/robots.json`,
  /** One lane worker's checkpoint: its pages since the last one, from the first page's index on; `run` keeps two runs apart. */
  pageBatch: (jobId: string, depth: number, firstIndex: number, run: string) =>
    `jobs/${jobId}/pages/${String(depth).padStart(2, '0')}/${String(firstIndex).padStart(6, '0')}-${run}.json`,
  result: (jobId: string, format: ResultFormat) => `jobs/${jobId}/result.${FILE_EXTENSIONS[format]}`,
};

/** A crawled page as its batch object keeps it: its section in each requested format, and its links when the crawl goes deeper. */
export interface BatchedPage {
  sections: Partial<Record<ExportFormat, string>>;
  links?: string[];
  /** Jobs of the Firecrawl-compatible routes: the rest of the page's Firecrawl document. */
  firecrawl?: FirecrawlPageExtras;
}

/** What a Firecrawl document has beyond the markdown: the formats the job asked for, and the page's metadata. */
export interface FirecrawlPageExtras {
  html?: string;
  raw_html?: string;
  /** Every http(s) link of the page, once each, in document order. */
  links?: string[];
  description?: string;
  language?: string;
}

/** Pages of one batch object by their ledger index. */
export type PageBatch = Record<string, BatchedPage>;

/** A ledger entry as far as finding its page in a batch object goes. */
type BatchedEntry = { index: number; batch?: string };

/**
 * Reads the pages' batch objects for one pass over the pages in crawl order (Assemble, planning
 * the next level): each object once, kept only until its last page has been used. Lanes
 * interleave, so about one object per lane is open at a time, whatever the job's size. With
 * `objectsAhead`, that many more objects are being read ahead, in the order the pass needs them,
 * so the pass seldom waits for a read; each object holds at most one checkpoint's worth (4 MB).
 */
export function pageBatchReader(pages: readonly BatchedEntry[], objectsAhead = 0) {
  const unused = new Map<string, number>();
  for (const page of pages) if (page.batch) unused.set(page.batch, (unused.get(page.batch) ?? 0) + 1);
  // A Map keeps insertion order: the order in which the pass first needs each object.
  const needOrder = [...unused.keys()];
  const positionOf = new Map(needOrder.map((key, position) => [key, position]));
  /** The first object whose first page the pass has not asked for yet. */
  let reached = 0;
  const open = new Map<string, Promise<PageBatch | undefined>>();
  const opened = (key: string) => {
    let batch = open.get(key);
    if (!batch) {
      batch = getJson<PageBatch>(key);
      open.set(key, batch);
    }
    return batch;
  };
  return {
    async page(page: BatchedEntry) {
      if (!page.batch) return undefined;
      const batch = opened(page.batch);
      reached = Math.max(reached, (positionOf.get(page.batch) ?? 0) + 1);
      for (const key of needOrder.slice(reached, reached + objectsAhead)) opened(key);
      return (await batch)?.[page.index];
    },
    used(page: BatchedEntry) {
      if (!page.batch) return;
      const left = (unused.get(page.batch) ?? 1) - 1;
      unused.set(page.batch, left);
      if (left === 0) open.delete(page.batch);
    },
  };
}

export async function putText(key: string, body: string | Uint8Array, contentType = 'application/json'): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

export async function putJson(key: string, value: unknown): Promise<void> {
  await putText(key, JSON.stringify(value));
}

/** The object's text, or undefined when it does not exist. */
export async function getText(key: string): Promise<string | undefined> {
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Body ? await Body.transformToString('utf-8') : undefined;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function getJson<T>(key: string): Promise<T | undefined> {
  const text = await getText(key);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

export async function objectSize(key: string): Promise<number> {
  const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
  return head.ContentLength ?? 0;
}

/**
 * Parts of a streamed upload. A body up to this size goes up in one PutObject, without the three
 * round trips of a multipart upload (and the local S3's copy of the parts on completion: 0.1 s of
 * the bench crawl's 18 MB document); two parts in flight bound the memory for any larger body.
 */
const UPLOAD_PART_BYTES = 32 * 1024 * 1024;

/** Streams `body` into one object; large bodies go up as a multipart upload with bounded memory. */
export async function uploadStream(key: string, body: Readable, contentType: string): Promise<void> {
  await new Upload({ client: s3(), params: { Bucket: bucket(), Key: key, Body: body, ContentType: contentType }, queueSize: 2, partSize: UPLOAD_PART_BYTES }).done();
}

export async function downloadUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentType: contentType }), { expiresIn: expiresInSeconds });
}

/** Where download URLs point (the S3 endpoint's origin), for the console's Content-Security-Policy. */
export async function downloadOrigin(): Promise<string> {
  return new URL(await downloadUrl(artifactKeys.result('00000000-0000-0000-0000-000000000000', 'markdown'), MEDIA_TYPES.markdown, 60)).origin;
}
