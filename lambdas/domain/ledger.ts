import { z } from 'zod';

/** One URL of a crawl, as the per-job ledger (CONTRACT 3, `GET /v1/jobs/{id}/pages`) shows it. */
export type LedgerStatus = 'queued' | 'in_progress' | 'crawled' | 'failed' | 'skipped';
/** Attempts per page (issue 5); the page queue's maxReceiveCount is the same number. */
export const MAX_PAGE_ATTEMPTS = 3;

export const FINAL_LEDGER_STATUSES: ReadonlySet<LedgerStatus> = new Set(['crawled', 'failed', 'skipped']);

export interface LedgerEntry {
  job_id: string;
  sk: string;
  url: string;
  depth: number;
  index: number;
  status: LedgerStatus;
  reason?: string;
  http_status?: number;
  final_url?: string;
  title?: string;
  bytes?: number;
  /** When a crawled page's fetch answered, ISO 8601 in UTC (pages crawled before JSON Lines existed have none). */
  fetched_at?: string;
  /** The exported content is the DOM after the page's scripts ran (CONTRACT 9). */
  rendered?: boolean;
  /** The page batch object holding a crawled page's sections and links (see `artifactKeys.pageBatch`). */
  batch?: string;
  /** Set when the page worker hands the page to the render worker (`render`): it is the browser's now. */
  stage?: 'render';
  attempts?: number;
  lease_until?: number;
}

/** Sort keys order the ledger by depth, then discovery position: the crawl order. */
export function ledgerKey(depth: number, index: number): string {
  return `p#${String(depth).padStart(2, '0')}#${String(index).padStart(6, '0')}`;
}

export function levelPrefix(depth: number): string {
  return `p#${String(depth).padStart(2, '0')}#`;
}

export const LEDGER_PREFIX = 'p#';

export function isFinal(status: LedgerStatus): boolean {
  return FINAL_LEDGER_STATUSES.has(status);
}

export interface LevelCounts {
  crawled: number;
  failed: number;
  skipped: number;
  open: number;
}

export function countStatuses(statuses: Iterable<LedgerStatus>): LevelCounts {
  const counts: LevelCounts = { crawled: 0, failed: 0, skipped: 0, open: 0 };
  for (const status of statuses) {
    if (status === 'crawled' || status === 'failed' || status === 'skipped') counts[status] += 1;
    else counts.open += 1;
  }
  return counts;
}

/** One URL of the ledger as `GET /v1/jobs/{id}/pages` shows it (CONTRACT 3). */
export const PublicLedgerEntrySchema = z
  .strictObject({
    url: z.string(),
    final_url: z.string().nullable().meta({ description: 'Where redirects ended, when the page was fetched.' }),
    depth: z.int().min(0),
    status: z.enum(['queued', 'crawled', 'failed', 'skipped']),
    reason: z.string().nullable().meta({ description: 'Why a page failed or was skipped (`robots_disallowed`, `http_404`, `timeout`, …); `truncated` on a crawled page cut by the export caps.' }),
    http_status: z.int().nullable(),
    title: z.string().nullable(),
    bytes: z.int().nullable().meta({ description: "Size of the page's export." }),
    rendered: z.boolean().meta({ description: 'Whether the page was rendered in a headless browser.' }),
  })
  .meta({
    id: 'LedgerEntry',
    examples: [{ url: 'https://example.com/a', final_url: 'https://example.com/a', depth: 1, status: 'crawled', reason: null, http_status: 200, title: 'A', bytes: 5120, rendered: false }],
  });
export type PublicLedgerEntry = z.infer<typeof PublicLedgerEntrySchema>;

export function publicLedgerEntry(entry: LedgerEntry): PublicLedgerEntry {
  return {
    url: entry.url,
    final_url: entry.final_url ?? null,
    depth: entry.depth,
    status: entry.status === 'in_progress' ? 'queued' : entry.status,
    reason: entry.reason ?? null,
    http_status: entry.http_status ?? null,
    title: entry.title ?? null,
    bytes: entry.bytes ?? null,
    rendered: entry.rendered ?? false,
  };
}
