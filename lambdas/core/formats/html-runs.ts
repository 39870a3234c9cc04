/**
 * The text of one paragraph (or heading, list item, table cell, code block) of the HTML result,
 * in runs of at most `RUN_CHARACTERS` characters of text. Chromium lays out and paginates one
 * paragraph in time that grows faster than its length: a 5 MB word, or 2 MB of words with
 * emphasis every few words, did not print within 15 minutes, while the same text in runs of
 * 10,000 characters prints in seconds. Each run is a `<span class="run">` shown as a block, so a
 * long paragraph is printed as a column of runs; a run ends after a line break or a space where
 * it can, so only a word longer than a run is cut across two.
 */
export const RUN_CHARACTERS = 10_000;

/** Inline elements that hold no text and have no end tag. */
const VOID_ELEMENTS = new Set(['br', 'input', 'wbr', 'img']);

/**
 * `html` (inline markup and text, as the renderer writes it: tags balanced, `<` and `>` in text
 * escaped) cut into runs when its text is longer than `maxCharacters`. The inline elements open
 * where a run ends are closed there and opened again in the next run, so each run is whole.
 */
export function boundedRuns(html: string, maxCharacters = RUN_CHARACTERS): string {
  if (html.length <= maxCharacters) return html;
  const runs: string[] = [];
  const open: Array<{ name: string; tag: string }> = [];
  let run = '';
  let length = 0;
  const endRun = () => {
    runs.push(run + open.map(({ name }) => `</${name}>`).reverse().join(''));
    run = open.map(({ tag }) => tag).join('');
    length = 0;
  };
  for (const piece of html.match(/<[^>]*>|[^<]+/g) ?? []) {
    if (piece.startsWith('<')) {
      run += piece;
      const name = /^<\/?([a-z0-9]+)/i.exec(piece)?.[1]?.toLowerCase() ?? '';
      if (piece.startsWith('</')) open.pop();
      else if (!VOID_ELEMENTS.has(name)) open.push({ name, tag: piece });
      continue;
    }
    let text = piece;
    while (length + text.length > maxCharacters) {
      const cut = runEnd(text, maxCharacters - length, length === 0);
      run += text.slice(0, cut);
      text = text.slice(cut);
      endRun();
    }
    run += text;
    length += text.length;
  }
  runs.push(run);
  return runs.length === 1 ? html : runs.map((text) => `<span class="run">${text}</span>`).join('');
}

/**
 * Where a run that has `room` characters left ends in `text`: after its last line break, else its
 * last space, in the second half of the room; else, when the run is still empty, at the room,
 * moved back so that no character reference or surrogate pair is cut; else at once (0), so the
 * text starts the next run.
 */
function runEnd(text: string, room: number, runIsEmpty: boolean): number {
  const window = text.slice(0, room);
  const half = Math.floor(room / 2);
  const lineBreak = window.lastIndexOf('\n');
  if (lineBreak >= half) return lineBreak + 1;
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\t'));
  if (space >= half) return space + 1;
  if (!runIsEmpty) return 0;
  let cut = room;
  const reference = window.lastIndexOf('&');
  if (reference >= 0 && !window.includes(';', reference)) cut = reference;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return Math.max(cut, 1);
}
