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
  return joinSection(titleLine ? `URL: ${url}\nTitle: ${titleLine}` : `URL: ${url}`, content);
}

function joinSection(header: string, content: string): string {
  return content ? `${header}\n\n${content}` : header;
}

/** A formatted section's header and content: the header has no blank line, so the first one ends it. */
function splitSection(section: string): { header: string; content: string } {
  const end = section.indexOf('\n\n');
  return end < 0 ? { header: section, content: '' } : { header: section.slice(0, end), content: section.slice(end + 2) };
}

/** The content of a formatted section ('' for a page without any). */
export function sectionContent(section: string): string {
  return splitSection(section).content;
}

/** A formatted section with its content rewritten by `rewrite`. */
export function rewriteSectionContent(section: string, rewrite: (content: string) => string): string {
  const { header, content } = splitSection(section);
  return content ? joinSection(header, rewrite(content)) : section;
}

/** A title with a line break would end the header early. */
function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
