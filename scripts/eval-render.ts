/**
 * How `render: auto` decides (CONTRACT 9): `npm run eval:render -- <corpus dir>` (the directory
 * holding `article-extraction/`, or that folder itself). Counts the pages of the 181-page
 * article-extraction benchmark, all served as static HTML, that would go to the browser (the goal
 * is at most 2%), and the script-built shells of test/fixtures/render-shells that would (the goal
 * is all). Exits non-zero when either goal is missed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeStaticHtml, type ShellSignal } from '../lambdas/core/render-decision.js';
import { corpusDir, loadPages } from './article-corpus.js';

const MAX_STATIC_RENDERED = 0.02;
const SHELLS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/render-shells');

function tally(verdicts: Array<{ name: string; shell: boolean; signals: ShellSignal[] }>) {
  const signals = new Map<ShellSignal, number>();
  for (const verdict of verdicts) for (const signal of verdict.signals) signals.set(signal, (signals.get(signal) ?? 0) + 1);
  return { rendered: verdicts.filter((verdict) => verdict.shell), signals };
}

const pages = loadPages(corpusDir(process.argv[2]));
const started = performance.now();
const articles = tally(pages.map((page) => ({ name: page.url, ...judgeStaticHtml(page.html, page.url) })));
const msPerPage = (performance.now() - started) / pages.length;
const shellFiles = readdirSync(SHELLS_DIR).sort();
const shells = tally(shellFiles.map((file) => ({ name: file, ...judgeStaticHtml(readFileSync(path.join(SHELLS_DIR, file), 'utf8'), 'https://app.example/') })));

const share = articles.rendered.length / pages.length;
console.log(`article-extraction benchmark (static pages): ${articles.rendered.length}/${pages.length} would be rendered (${(share * 100).toFixed(1)}%; goal ≤ ${MAX_STATIC_RENDERED * 100}%)`);
for (const page of articles.rendered) console.log(`  rendered: ${page.name} (${page.signals.join(', ')})`);
console.log(`  decision time: ${msPerPage.toFixed(2)} ms per page`);
console.log(`script-built fixture shells: ${shells.rendered.length}/${shellFiles.length} detected (goal: all)`);
for (const file of shellFiles.filter((name) => !shells.rendered.some((page) => page.name === name))) console.log(`  missed: ${file}`);
console.log(`  signals seen: ${[...shells.signals].map(([signal, count]) => `${signal} ${count}`).join(', ')}`);

if (share > MAX_STATIC_RENDERED || shells.rendered.length < shellFiles.length) process.exitCode = 1;
