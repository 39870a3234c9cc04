import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocxDocumentBuilder } from '../../../../lambdas/core/formats/docx.js';
import { soffice } from '../../../helpers/document-readers.js';

const run = promisify(execFile);

const GUIDE = {
  page: { url: 'https://example.com/guide', title: 'Install guide' },
  markdown: [
    '# Install guide',
    'Run it with **bold care**, _some style_, ~~no haste~~ and `npm ci`; see [the reference](https://example.com/ref).',
    '## Steps',
    '- Fetch the source\n  - from the mirror\n    1. nested number',
    '3. third step\n4. fourth step',
    '| Option | Default |\n| --- | --- |\n| depth | 2 |\n| pages | 100 |',
    '```sh\nnpm ci\nnpm start\n```',
    '> Quoted advice.',
    'Typed by the page: <script>alert(1)</script> and [a trap](javascript:alert(2)) ![diagram](https://example.com/d.png)',
  ].join('\n\n'),
};
const SECOND = { page: { url: 'https://example.com/faq', title: undefined }, markdown: 'Questions.' };

let docx: Buffer;
let documentXml: string;
let relationships: string;

beforeAll(async () => {
  const builder = new DocxDocumentBuilder('Crawl of https://example.com/', [GUIDE.page, SECOND.page]);
  builder.addPage(GUIDE.page, GUIDE.markdown, 0);
  builder.addPage(SECOND.page, SECOND.markdown, 1);
  docx = await builder.toBuffer();
  const files = unzipSync(new Uint8Array(docx));
  documentXml = strFromU8(files['word/document.xml'] as Uint8Array);
  relationships = strFromU8(files['word/_rels/document.xml.rels'] as Uint8Array);
});

/** The paragraphs of document.xml, each with its style and its text. */
function paragraphs(): Array<{ style: string | undefined; numbered: boolean; text: string; xml: string }> {
  return [...documentXml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)].map(([xml]) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(xml)?.[1],
    numbered: xml.includes('<w:numPr>'),
    text: [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => xmlText(match[1] as string)).join(''),
    xml,
  }));
}

function xmlText(escaped: string): string {
  return escaped.replace(/&(lt|gt|quot|apos|amp);/g, (_entity, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] as string);
}

/** The last paragraph reading `text` (the list of pages comes first). */
function paragraph(text: string) {
  const found = paragraphs().findLast((candidate) => candidate.text === text);
  expect(found, `a paragraph reading ${JSON.stringify(text)}`).toBeDefined();
  return found as NonNullable<typeof found>;
}

describe('Word result', () => {
  it('lists the pages, then gives each a Heading 1 with its title (else its URL) and its URL as a link', () => {
    expect(paragraph('Crawl of https://example.com/').style).toBe('Title');
    expect(paragraphs().filter((candidate) => candidate.style === 'Heading1').map((candidate) => candidate.text)).toEqual(['Install guide', 'https://example.com/faq']);
    expect(documentXml).toMatch(/<w:hyperlink [^>]*w:anchor="page_1"[^>]*>[\s\S]*?Install guide/);
    expect(relationships).toContain('Target="https://example.com/guide"');
  });

  it('maps the markdown’s headings, lists, tables, links and code to Word styles', () => {
    expect(paragraph('Steps').style).toBe('Heading3');
    for (const item of ['Fetch the source', 'from the mirror', 'nested number', 'third step', 'fourth step']) expect(paragraph(item).numbered, item).toBe(true);
    expect(paragraph('from the mirror').xml).toContain('<w:ilvl w:val="1"/>');
    expect(documentXml).toMatch(/<w:tc>[\s\S]*?Option[\s\S]*?<\/w:tc>/);
    expect(documentXml).toMatch(/<w:tc>[\s\S]*?pages[\s\S]*?<\/w:tc>[\s\S]*?<w:tc>[\s\S]*?100[\s\S]*?<\/w:tc>/);
    expect(paragraph('npm cinpm start').style).toBe('CodeBlock');
    expect(paragraph('Quoted advice.').style).toBe('Quote');
    const styled = paragraph('Run it with bold care, some style, no haste and npm ci; see the reference.').xml;
    expect(styled).toMatch(/<w:b\/>[\s\S]*?bold care/);
    expect(styled).toMatch(/<w:i\/>[\s\S]*?some style/);
    expect(styled).toMatch(/<w:strike\/>[\s\S]*?no haste/);
    expect(styled).toMatch(/<w:rStyle w:val="InlineCode"\/>[\s\S]*?npm ci/);
    expect(styled).toMatch(/<w:hyperlink [^>]*r:id="[^"]+"[^>]*>[\s\S]*?the reference/);
    expect(relationships).toContain('Target="https://example.com/ref"');
  });

  it('splits a table wider than the page into tables of the columns that fit, each led by the first column', async () => {
    const header = Array.from({ length: 40 }, (_, column) => `h${column}`);
    const row = Array.from({ length: 40 }, (_, column) => `c${column}`);
    const page = { url: 'https://example.com/wide', title: 'Wide' };
    const builder = new DocxDocumentBuilder('Crawl', [page]);
    builder.addPage(page, `| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |\n| ${row.join(' | ')} |`, 0);
    const xml = strFromU8(unzipSync(new Uint8Array(await builder.toBuffer()))['word/document.xml'] as Uint8Array);
    const tables = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? [];
    expect(tables.length).toBeGreaterThan(2);
    for (const table of tables) {
      const cells = [...table.matchAll(/<w:t[^>]*>([hc]\d+)<\/w:t>/g)].map((match) => match[1]);
      expect(cells.slice(0, 1)).toEqual(['h0']);
      // a third of the columns or fewer, each table (Word holds 63 columns at most)
      expect(cells.length / 2).toBeLessThanOrEqual(14);
    }
    const bodyCells = tables.flatMap((table) => [...table.matchAll(/<w:t[^>]*>(c\d+)<\/w:t>/g)].map((match) => match[1]));
    expect(new Set(bodyCells)).toEqual(new Set(row));
    // a paragraph between the parts, or Word would join them into one table
    expect(xml).not.toMatch(/<\/w:tbl>\s*<w:tbl>/);
  });

  it('is well-formed XML whatever characters the pages hold', async () => {
    const odd = 'F\uFFFEG\uFFFFH\u0001K\uDC00L';
    const page = { url: 'https://example.com/odd', title: `Odd ${odd}` };
    const builder = new DocxDocumentBuilder(`Crawl ${odd}`, [page]);
    builder.addPage(page, `Text ${odd}\n\n\`${odd}\`\n\n| ${odd} | b |\n| --- | --- |\n| c | d |\n\n\`\`\`\n${odd}\n\`\`\``, 0);
    const files = unzipSync(new Uint8Array(await builder.toBuffer()));
    const parser = new new JSDOM('').window.DOMParser();
    for (const name of ['word/document.xml', 'docProps/core.xml']) {
      const xml = strFromU8(files[name] as Uint8Array);
      expect(parser.parseFromString(xml, 'application/xml').getElementsByTagName('parsererror'), name).toHaveLength(0);
    }
    expect(strFromU8(files['word/document.xml'] as Uint8Array)).toContain('Text FGHK\uFFFDL');
  });

  it('shows what a page wrote as tags as text, and links nowhere but http(s)', () => {
    expect(paragraph('Typed by the page: <script>alert(1)</script> and a trap [Image: diagram]').xml).toContain('&lt;script&gt;');
    expect(relationships).not.toContain('javascript:');
    expect(relationships).toContain('Target="https://example.com/d.png"');
  });
});

/* LibreOffice reads the document as Word would, and fails on one that needs repair; where `soffice` is not installed, the test says so. */
describe.skipIf(!soffice)('Word result in LibreOffice', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docx-libreoffice-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('opens and converts back to the pages’ text', { timeout: 120_000 }, async () => {
    const input = path.join(dir, 'crawl.docx');
    await writeFile(input, docx);
    // A profile of its own: a second LibreOffice on the machine would otherwise hold the lock.
    await run(soffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', 'txt:Text', '--outdir', dir, input], { timeout: 110_000 });
    const text = await readFile(path.join(dir, 'crawl.txt'), 'utf8');
    for (const expected of ['Install guide', 'Steps', 'Fetch the source', 'from the mirror', '3. third step', '4. fourth step', 'depth', '100', 'npm ci\nnpm start', 'Quoted advice.', '<script>alert(1)</script>', 'https://example.com/faq', 'Questions.']) {
      expect(text, expected).toContain(expected);
    }
  });
});

if (!soffice) console.warn('docx.test.ts: soffice is not installed, so the LibreOffice check was skipped (apt-get install -y --no-install-recommends libreoffice-writer-nogui)');
