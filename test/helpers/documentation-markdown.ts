import { seededRandom } from './seeded-random.js';

const WORDS = 'the crawler fetches each page once and keeps its main content as markdown while the service writes one document per job with sections in crawl order for readers who want a file'.split(' ');

/**
 * About `bytes` of documentation-like markdown as the export writes it (a title heading, sections
 * with paragraphs, links, inline code, emphasis, nested bullet and numbered lists, tables and
 * fenced code), the same for the same index.
 */
export function documentationMarkdown(index: number, bytes = 20_000): string {
  const random = seededRandom(index + 1);
  const sentence = (words: number) => Array.from({ length: words }, () => random.pick(WORDS)).join(' ');
  const parts: string[] = [`# Guide page ${index}`, `${sentence(30)}.`];
  let length = parts.join('\n\n').length;
  for (let section = 1; length < bytes; section++) {
    const added = [
      `## Section ${section}: ${sentence(4)}`,
      `${sentence(60)}. See [the reference](https://docs.example/ref/${section}) and \`option_${section}\` for **details** and _examples_.`,
      `- ${sentence(8)}\n- ${sentence(8)}\n  - ${sentence(6)}\n  - ${sentence(6)}\n- ${sentence(8)}`,
      `1. ${sentence(7)}\n2. ${sentence(7)}\n3. ${sentence(7)}`,
      section % 2 === 1
        ? `| Name | Value | Notes |\n| --- | --- | --- |\n| a${section} | ${section} | ${sentence(5)} |\n| b${section} | ${section * 2} | ${sentence(5)} |`
        : `\`\`\`ts\nexport function step${section}(input: string): string {\n  // ${sentence(6)}\n  return input.trim();\n}\n\`\`\``,
      `${sentence(50)}.`,
    ];
    parts.push(...added);
    length += added.join('\n\n').length + 2 * added.length;
  }
  return parts.join('\n\n');
}
