/**
 * The v1.1 document formats at the spec's largest job (issue 29): `BENCH_PAGES` pages (default
 * 1000) of about 20 KB of markdown each (headings, paragraphs, nested lists, a table, a code
 * block), built into the HTML result, printed to PDF by the render worker's Chromium build in
 * parts of `BENCH_PAGES_PER_PART` pages (default `PAGES_PER_PRINT_PART`), and built into the Word
 * result. For each step: wall and CPU time, and the peak memory of this process and its browser
 * together (the sum of their proportional set sizes, read from /proc every 100 ms), which is what
 * the worker's Lambda memory must hold. `BENCH_PAPER`: A4 (default) or Letter.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { DocxDocumentBuilder } from '../lambdas/core/formats/docx.js';
import { htmlDocument, htmlPrintParts, PAGES_PER_PRINT_PART } from '../lambdas/core/formats/html.js';
import type { PaperSize } from '../lambdas/domain/formats.js';
import { printPdf } from '../lambdas/render/print-pdf.js';
import { documentationMarkdown } from '../test/helpers/documentation-markdown.js';
import { summarizePdf } from '../test/helpers/pdf.js';

const GB_SECOND_USD = 0.0000166667;

export async function run(): Promise<void> {
  const pageCount = Number.parseInt(process.env.BENCH_PAGES ?? '', 10) || 1000;
  const paper = (process.env.BENCH_PAPER ?? 'A4') as PaperSize;
  const pagesPerPart = Number.parseInt(process.env.BENCH_PAGES_PER_PART ?? '', 10) || PAGES_PER_PRINT_PART;
  const title = 'Crawl of https://docs.example/';
  const pages = Array.from({ length: pageCount }, (_, index) => ({ url: `https://docs.example/guide/${index}`, title: `Guide page ${index}`, markdown: documentationMarkdown(index) }));
  const markdownBytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.markdown), 0);
  console.log(`${pageCount} pages, ${(markdownBytes / 1e6).toFixed(1)} MB of markdown; Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`);

  await measured('HTML document', () => Promise.resolve(htmlDocument(title, pages)), (text) => `${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB`);
  const pdf = await measured(
    `PDF (${paper}, printed in parts of ${pagesPerPart} pages)`,
    () => printPdf(htmlPrintParts(title, pages, (index) => (pages[index] as (typeof pages)[number]).markdown, pagesPerPart), { paper, title }),
    async ({ bytes }) => `${(bytes.byteLength / 1e6).toFixed(1)} MB, ${(await summarizePdf(bytes)).pages.length} PDF pages`,
  );
  await measured(
    'Word document',
    () => {
      const builder = new DocxDocumentBuilder(title, pages);
      for (const [index, page] of pages.entries()) builder.addPage(page, page.markdown, index);
      return builder.toBuffer();
    },
    (buffer) => `${(buffer.byteLength / 1e6).toFixed(1)} MB`,
  );

  // The PDF worker's cost: its CPU time (the wall time of an unloaded core, as on a Lambda of up
  // to ~1.8 GB, which has one) at a memory size that holds the peak with half again to spare.
  const memoryGb = Math.max(1, Math.ceil(((pdf.peakBytes * 1.5) / 1e9) * 2) / 2);
  const perThousand = (pdf.cpuSeconds * memoryGb * GB_SECOND_USD * 1000) / pageCount;
  console.log(`PDF worker at ${memoryGb} GB: ${pdf.cpuSeconds.toFixed(0)} CPU s for ${pageCount} pages, about $${perThousand.toFixed(4)} of Lambda compute per 1000 pages (x86_64, $${GB_SECOND_USD}/GB-s)`);
}

interface Measured<T> {
  result: T;
  ms: number;
  cpuSeconds: number;
  peakBytes: number;
}

async function measured<T>(name: string, work: () => Promise<T>, describe: (result: T) => string | Promise<string>): Promise<Measured<T>> {
  const baseline = processTreeBytes();
  let peakBytes = baseline;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, processTreeBytes());
  }, 100);
  const cpuBefore = cpuSecondsWithChildren();
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    const cpuSeconds = cpuSecondsWithChildren() - cpuBefore;
    peakBytes = Math.max(peakBytes, processTreeBytes());
    console.log(`${name}: ${(ms / 1000).toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU, peak ${(peakBytes / 1e6).toFixed(0)} MB (this process and its children; ${(baseline / 1e6).toFixed(0)} MB before), ${await describe(result)}`);
    return { result, ms, cpuSeconds, peakBytes };
  } finally {
    clearInterval(sampler);
  }
}

/** CPU time of this process and of its children that have ended (the browser, once closed), from /proc. */
function cpuSecondsWithChildren(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14 to 17 of the line, in clock ticks (100 a second).
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** The proportional set size of this process and all its descendants, in bytes. */
function processTreeBytes(): number {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let bytes = 0;
  for (const pid of tree) {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      bytes += Number(pss?.[1] ?? 0) * 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return bytes;
}
