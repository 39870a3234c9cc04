import type { FetchDocument, FetchDocumentOptions, FetchedDocument } from '../fetch-types.js';

/**
 * Fetches `url` unless `deadline` (epoch ms) has passed, and gives up when it passes: the signal is
 * aborted, and the answer does not wait for a fetcher that ignores it. A failure of any kind is an
 * absent document, because a preview lists what it can reach rather than failing.
 */
export async function fetchBeforeDeadline(
  fetchDocument: FetchDocument,
  url: string,
  deadline: number,
  options: Omit<FetchDocumentOptions, 'signal'>,
): Promise<FetchedDocument | undefined> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return undefined;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, remaining);
  });
  try {
    return await Promise.race([fetchDocument(url, { ...options, signal: controller.signal }), expired]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export function isSuccess(document: FetchedDocument): boolean {
  return document.status >= 200 && document.status < 300;
}
