import type { FetchDocument } from '../core/fetch-types.js';
import { createFetcher } from '../net/fetcher.js';

let fetcher: FetchDocument | undefined;

/** One fetcher (and so one connection pool) per Lambda container. */
export function sharedFetcher(): FetchDocument {
  fetcher ??= createFetcher();
  return fetcher;
}
