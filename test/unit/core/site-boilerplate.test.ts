import { describe, expect, it } from 'vitest';
import { SiteBoilerplate, splitBlocks } from '../../../lambdas/core/site-boilerplate.js';

const NEWSLETTER = '## Newsletter\n\nThe week in ferries, every Friday. [Sign up](https://harbour.example/newsletter?from=PAGE)';
const FOOTER = '- [About](https://harbour.example/about)\n- [Contact](https://harbour.example/contact)\n- [Jobs](https://harbour.example/jobs)';

function article(n: number): string {
  return `# Story ${n}\n\nThe harbour authority met on day ${n} and approved item ${n} of the plan, after a long debate about the island pier.`;
}

/** The job's pages stripped of site-wide blocks, as the assembled document would hold them. */
function stripped(pages: string[]): string[] {
  const boilerplate = new SiteBoilerplate();
  for (const page of pages) boilerplate.addPage(page);
  return pages.map((page, index) => boilerplate.strip(index, page));
}

describe('site-wide boilerplate', () => {
  it('drops a promo and a footer list that most pages repeat, keeping each article whole', () => {
    const pages = [1, 2, 3, 4].map((n) => `${article(n)}\n\n${NEWSLETTER.replace('PAGE', String(n))}\n\n${FOOTER}`);
    const newsletterPage = `${NEWSLETTER.replace('PAGE', 'self')}\n\n${FOOTER}`;
    const result = stripped([...pages, newsletterPage]);
    expect(result.slice(0, 4)).toEqual([1, 2, 3, 4].map(article));
    // The newsletter block is its own page's content, and the footer weighs most there too.
    expect(result[4]).toBe(newsletterPage);
  });

  it('keeps a block repeated on fewer than half the pages, or on only two', () => {
    const shared = 'Related: the island pier floods at high tide.';
    const five = [1, 2, 3, 4, 5].map((n) => (n <= 2 ? `${article(n)}\n\n${shared}` : article(n)));
    expect(stripped(five)).toEqual(five);
    const two = [1, 2].map((n) => `${article(n)}\n\n${shared}`);
    expect(stripped(two)).toEqual(two);
  });

  it('keeps repeated rules: they lay the page out', () => {
    const pages = [1, 2, 3].map((n) => `${article(n)}\n\n* * *\n\nShare this story`);
    expect(stripped(pages).slice(1)).toEqual([2, 3].map((n) => `${article(n)}\n\n* * *`));
  });

  it('decides from the pages alone: the same pages give the same result whatever fed them', () => {
    const pages = [1, 2, 3].map((n) => `${article(n)}\n\nShare this story`);
    expect(stripped(pages)).toEqual(stripped([...pages]));
    expect(stripped(pages).filter((page) => page.includes('Share this story'))).toHaveLength(1);
  });

  it('treats a fenced code block as one block, blank lines and all, and a heading with its short text as one', () => {
    const code = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    expect(splitBlocks(`Intro.\n\n${code}\n\n## Tip\n\nShort tip.\n\n## Next\n\n## Last`)).toEqual(['Intro.', code, '## Tip\n\nShort tip.', '## Next', '## Last']);
  });
});
