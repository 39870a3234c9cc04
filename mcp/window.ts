/**
 * A character window of a job's document, as the MCP tools return it: an agent reads a long
 * document in pieces with get_result rather than crawling (and paying for) it again.
 */
export interface DocumentWindow {
  text: string;
  /** Where the next window starts; absent at the end of the document. */
  nextOffset?: number;
}

export function documentWindow(document: string, offset: number, maxChars: number): DocumentWindow {
  const end = Math.min(document.length, offset + maxChars);
  return { text: document.slice(offset, end), nextOffset: end < document.length ? end : undefined };
}

/** The line after a window that does not hold the whole document: where it sits, and how to read on (in `format`, when one was named). */
export function windowNote(jobId: string, document: string, offset: number, window: DocumentWindow, format?: string): string {
  const position = `characters ${offset}–${offset + window.text.length} of ${document.length}`;
  if (window.nextOffset === undefined) return `[End of the document: ${position}.]`;
  const named = format === undefined ? '' : `, "format": "${format}"`;
  return `[Cut: ${position}. Read on with get_result {"job_id": "${jobId}"${named}, "offset": ${window.nextOffset}}; it does not crawl again.]`;
}
