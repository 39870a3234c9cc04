import { describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_BYTES, overCeiling, pageExportFormats } from '../../../lambdas/domain/formats.js';

describe('what pages are exported to', () => {
  it('markdown for any document built from it, text for text', () => {
    expect(pageExportFormats(['pdf'])).toEqual(['markdown']);
    expect(pageExportFormats(['text', 'docx'])).toEqual(['markdown', 'text']);
    expect(pageExportFormats(['text'])).toEqual(['text']);
    expect(pageExportFormats(['html', 'markdown'])).toEqual(['markdown']);
  });
});

describe('the document worker ceiling', () => {
  it('builds a document up to its ceiling and says why one over it is not built', () => {
    expect(overCeiling('docx', MAX_MARKDOWN_BYTES.docx)).toBeUndefined();
    expect(overCeiling('pdf', 60 * 1024 * 1024)).toBeUndefined();
    expect(overCeiling('docx', 60 * 1024 * 1024)).toBe('the pages hold 60.0 MB of markdown, over the 40.0 MB a Word document is built from');
    expect(overCeiling('pdf', 151 * 1024 * 1024)).toBe('the pages hold 151.0 MB of markdown, over the 150.0 MB a PDF document is built from');
  });
});
