/**
 * The result document (CONTRACT 4): one section per page, joined by a line holding exactly `---`.
 * Page exports never contain such a line themselves (see `exportPage`), so the separator is
 * unambiguous.
 */
export const SECTION_SEPARATOR = '\n\n---\n\n';

export interface SectionInput {
  /** The final URL of the page. */
  url: string;
  title: string | undefined;
  content: string;
}

/** `URL: …`, `Title: …` (omitted when the page has none), a blank line, then the content (if any). */
export function formatSection({ url, title, content }: SectionInput): string {
  const titleLine = title ? singleLine(title) : '';
  const header = titleLine ? `URL: ${url}\nTitle: ${titleLine}` : `URL: ${url}`;
  return content ? `${header}\n\n${content}` : header;
}

/** A title with a line break would end the header early. */
function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
