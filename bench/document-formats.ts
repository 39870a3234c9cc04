/**
 * The v1.1 document formats at their largest, and the print browser's memory:
 *
 * - `thousand`: the spec's largest job, `BENCH_PAGES` pages (default 1000) of about 20 KB of
 *   markdown each (headings, paragraphs, nested lists, a table, a code block), built into the HTML
 *   result, printed to PDF by the render worker's Chromium build in parts, and built into the Word
 *   result.
 * - `heavy`: six pages each as large as a page may be (`heavy-pages.ts`, about 19.5 MB of markdown),
 *   printed in the parts the worker prints (`PRINT_PART_LIMITS`, or `BENCH_PART_BYTES`).
 * - `heavy-page-parts`: the same six pages, each printed whole as a part of its own, as before a
 *   page larger than a part was cut across parts.
 * - `heavy-one-part`: the same six pages printed in parts bounded by pages only, as before parts
 *   were bounded by bytes: one part.
 *
 * For each step: wall and CPU time, and the peak memory (proportional set size, read from /proc
 * every 100 ms) of the browser, of this process, and of both together, which is what the document
 * worker's MemorySize (`DOCUMENT_WORKER_MEMORY_MB`, printed beside) must hold.
 * `BENCH_DOCUMENT_SET`: the sets, comma-separated (default `heavy,thousand,heavy-one-part`);
 * `BENCH_PAPER`: A4 (default) or Letter.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { DocxDocumentBuilder } from '../lambdas/core/formats/docx.js';
import { htmlDocument, htmlPrintParts, PRINT_PART_LIMITS, sectionId, type PrintPartLimits } from '../lambdas/core/formats/html.js';
import { pageHeading, type DocumentPage } from '../lambdas/core/formats/markdown.js';
import type { PaperSize } from '../lambdas/domain/formats.js';
import { DOCUMENT_WORKER_MEMORY_MB } from '../lib/workflow-steps.js';
import { printPdf } from '../lambdas/render/print-pdf.js';
import { documentationMarkdown } from '../test/helpers/documentation-markdown.js';
import { summarizePdf } from '../test/helpers/pdf.js';
import { heavyPages } from './heavy-pages.js';

const GB_SECOND_USD = 0.0000166667;
const TITLE = 'Crawl of https://docs.example/';
type BenchPage = DocumentPage & { markdown: string };

export async function run(): Promise<void> {
  const sets = (process.env.BENCH_DOCUMENT_SET ?? 'heavy,thousand,heavy-one-part').split(',');
  const paper = (process.env.BENCH_PAPER ?? 'A4') as PaperSize;
  const limits: PrintPartLimits = { ...PRINT_PART_LIMITS, bytes: Number.parseInt(process.env.BENCH_PART_BYTES ?? '', 10) || PRINT_PART_LIMITS.bytes };
  console.log(`Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}; the document worker's MemorySize: ${DOCUMENT_WORKER_MEMORY_MB} MB`);
  for (const set of sets) {
    if (set === 'heavy') await heavy(paper, limits);
    else if (set === 'thousand') await thousand(paper, limits);
    else if (set === 'heavy-page-parts') await heavy(paper, { pages: 1, bytes: Number.POSITIVE_INFINITY });
    else if (set === 'heavy-one-part') await heavy(paper, { pages: limits.pages, bytes: Number.POSITIVE_INFINITY });
    else throw new Error(`BENCH_DOCUMENT_SET: unknown set ${set}`);
  }
}

async function heavy(paper: PaperSize, limits: PrintPartLimits): Promise<void> {
  const pages = heavyPages();
  console.log(`\nsix heavy pages, ${megabytes(markdownBytes(pages))} of markdown (${pages.map((page) => `${page.title} ${megabytes(Buffer.byteLength(page.markdown))}`).join(', ')})`);
  await measured(`PDF (${paper}), ${partsOf(limits)}`, () => print(pages, paper, limits), describePdf);
}

async function thousand(paper: PaperSize, limits: PrintPartLimits): Promise<void> {
  const pageCount = Number.parseInt(process.env.BENCH_PAGES ?? '', 10) || 1000;
  const pages = Array.from({ length: pageCount }, (_, index) => ({ url: `https://docs.example/guide/${index}`, title: `Guide page ${index}`, markdown: documentationMarkdown(index) }));
  console.log(`\n${pageCount} pages, ${megabytes(markdownBytes(pages))} of markdown`);
  await measured('HTML document', () => Promise.resolve(htmlDocument(TITLE, pages)), (text) => megabytes(Buffer.byteLength(text)));
  const pdf = await measured(`PDF (${paper}), ${partsOf(limits)}`, () => print(pages, paper, limits), describePdf);
  await measured(
    'Word document',
    () => {
      const builder = new DocxDocumentBuilder(TITLE, pages);
      for (const [index, page] of pages.entries()) builder.addPage(page, page.markdown, index);
      return builder.toBuffer();
    },
    (buffer) => megabytes(buffer.byteLength),
  );
  // The PDF worker's cost: its CPU time (the wall time of an unloaded core, as on a Lambda of up
  // to ~1.8 GB, which has one) at a memory size that holds the peak with half again to spare.
  const memoryGb = Math.max(1, Math.ceil(((pdf.peak.together * 1.5) / 1e9) * 2) / 2);
  const perThousand = (pdf.cpuSeconds * memoryGb * GB_SECOND_USD * 1000) / pageCount;
  console.log(`PDF worker at ${memoryGb} GB: ${pdf.cpuSeconds.toFixed(0)} CPU s for ${pageCount} pages, about $${perThousand.toFixed(4)} of Lambda compute per 1000 pages (x86_64, $${GB_SECOND_USD}/GB-s)`);
}

function print(pages: readonly BenchPage[], paper: PaperSize, limits: PrintPartLimits) {
  const sections = pages.map((page, index) => ({ id: sectionId(index), title: pageHeading(page) }));
  return printPdf(htmlPrintParts(TITLE, pages, (index) => (pages[index] as BenchPage).markdown, limits), { paper, title: TITLE, sections });
}

async function describePdf({ bytes, cutSections }: Awaited<ReturnType<typeof printPdf>>): Promise<string> {
  return `${megabytes(bytes.byteLength)}, ${(await summarizePdf(bytes)).pages.length} printed pages${cutSections.length > 0 ? `, cut: ${cutSections.join(' ')}` : ''}`;
}

const markdownBytes = (pages: readonly BenchPage[]) => pages.reduce((sum, page) => sum + Buffer.byteLength(page.markdown), 0);
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const partsOf = (limits: PrintPartLimits) => {
  if (Number.isFinite(limits.bytes)) return `printed in parts of ${limits.pages} pages and ${megabytes(limits.bytes)}, a larger page cut across parts`;
  return limits.pages === 1 ? 'each page printed whole as a part of its own (as before a page was cut across parts)' : 'printed in parts unbounded in bytes (one part, as before parts were bounded by bytes)';
};

/** Peak proportional set sizes, in bytes: the browser (this process's descendants), this process, and both at the same moment. */
interface Peak {
  browser: number;
  process: number;
  together: number;
}

interface Measured<T> {
  result: T;
  ms: number;
  cpuSeconds: number;
  peak: Peak;
}

async function measured<T>(name: string, work: () => Promise<T>, describe: (result: T) => string | Promise<string>): Promise<Measured<T>> {
  const baseline = processTreeBytes();
  const peak: Peak = { browser: baseline.descendants, process: baseline.self, together: baseline.self + baseline.descendants };
  const sample = () => {
    const { self, descendants } = processTreeBytes();
    peak.browser = Math.max(peak.browser, descendants);
    peak.process = Math.max(peak.process, self);
    peak.together = Math.max(peak.together, self + descendants);
  };
  const sampler = setInterval(sample, 100);
  const cpuBefore = cpuSecondsWithChildren();
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    const cpuSeconds = cpuSecondsWithChildren() - cpuBefore;
    sample();
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
    console.log(
      `${name}: ${(ms / 1000).toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU; peak: browser ${mb(peak.browser)}, this process ${mb(peak.process)} (${mb(baseline.self)} before), together ${mb(peak.together)} of the worker's ${DOCUMENT_WORKER_MEMORY_MB} MB; ${await describe(result)}`,
    );
    return { result, ms, cpuSeconds, peak };
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

/** The proportional set size of this process and of all its descendants (the browser), in bytes. */
function processTreeBytes(): { self: number; descendants: number } {
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
  const sizes = { self: 0, descendants: 0 };
  for (const pid of tree) {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      sizes[pid === process.pid ? 'self' : 'descendants'] += Number(pss?.[1] ?? 0) * 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return sizes;
}
