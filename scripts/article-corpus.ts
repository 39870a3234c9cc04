import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The article-extraction benchmark (scrapinghub/article-extraction-benchmark), as the evaluation scripts read it. */
export interface Page {
  id: string;
  url: string;
  html: string;
  articleBody: string;
}

export function corpusDir(argument: string | undefined): string {
  if (!argument) throw new Error('usage: npm run eval:<name> -- <corpus dir>');
  const nested = join(argument, 'article-extraction');
  return existsSync(nested) ? nested : argument;
}

export function loadPages(dir: string): Page[] {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody: string; url: string }>;
  return Object.entries(truth).map(([id, { url, articleBody }]) => ({
    id,
    url,
    articleBody,
    html: gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`))).toString('utf8'),
  }));
}
