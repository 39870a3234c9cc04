/** What a page is exported to. A module of its own, so the web console can import it without the exporter. */
export const EXPORT_FORMATS = ['markdown', 'text'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
