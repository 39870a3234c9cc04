/**
 * The article-extraction benchmark's metric (scrapinghub/article-extraction-benchmark, evaluate.py,
 * described there and re-written here): 4-gram token shingles, per-page TP/FP/FN normalised to sum
 * to 1, precision and recall averaged over pages, F1 from the averages. Sets labelled with snippets
 * are scored as trafilatura scores them (see `snippetMatching`).
 */

/** Python's `\w+` with re.UNICODE: letters, digits (any script) and underscore. */
export const TOKEN = /[\p{L}\p{N}_]+/gu;

export function shingles(text: string): Map<string, number> {
  const tokens = text.match(TOKEN) ?? [];
  const counts = new Map<string, number>();
  // As evaluate.py: texts shorter than 4 tokens give one shorter shingle, an empty text none.
  for (let i = 0; i < Math.max(1, tokens.length - 3); i++) {
    const shingle = tokens.slice(i, i + 4);
    if (shingle.length === 0) continue;
    const key = shingle.join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export type Counts = [tp: number, fp: number, fn: number];

export function shingleMatching(truth: string, prediction: string): Counts {
  const expected = shingles(truth);
  const predicted = shingles(prediction);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...expected.keys(), ...predicted.keys()])) {
    const want = expected.get(key) ?? 0;
    const got = predicted.get(key) ?? 0;
    tp += Math.min(want, got);
    fp += Math.max(0, got - want);
    fn += Math.max(0, want - got);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? [tp / sum, fp / sum, fn / sum] : [tp, fp, fn];
}

function precision([tp, fp, fn]: Counts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

function recall([tp, fp, fn]: Counts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

export interface Metrics {
  f1: number;
  precision: number;
  recall: number;
}

export function metricsOf(counts: Counts[]): Metrics {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const p = mean(counts.filter(([tp, fp]) => tp + fp > 0).map(precision));
  const r = mean(counts.filter(([tp, , fn]) => tp + fn > 0).map(recall));
  return { f1: (2 * p * r) / (p + r), precision: p, recall: r };
}


/**
 * trafilatura's evaluation (adbar/trafilatura, tests/eval_common.py `count_item`, re-written here):
 * each page has snippets the extraction must hold and snippets it must not, matched as substrings
 * after whitespace is collapsed. Per page: tp = wanted snippets present, fp = unwanted ones
 * present, fn = wanted ones missing (the true negatives only feed an accuracy not reported here).
 */
export interface Snippets {
  with: string[];
  without: string[];
}

/** Python's `\s` on text (what `str.isspace` accepts): JavaScript's `\s` has U+FEFF and lacks U+001C-U+001F and U+0085. */
// eslint-disable-next-line no-control-regex -- four of Python's white-space characters are controls
const WHITESPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

function collapseWhitespace(text: string): string {
  // Not trim(): it would drop a U+FEFF at either end too.
  return text.replace(WHITESPACE, ' ').replace(/^ | $/g, '');
}

export function snippetMatching(snippets: Snippets, prediction: string): Counts {
  const text = collapseWhitespace(prediction);
  const present = (snippet: string) => text.includes(collapseWhitespace(snippet));
  const tp = snippets.with.filter(present).length;
  return [tp, snippets.without.filter(present).length, snippets.with.length - tp];
}

/** Precision, recall and F1 of the counts summed over the pages (trafilatura's), each 0 where its denominator is. */
export function summedMetricsOf(counts: Counts[]): Metrics {
  const [tp, fp, fn] = counts.reduce(([a, b, c], [d, e, f]) => [a + d, b + e, c + f], [0, 0, 0]);
  const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return { f1: ratio(2 * tp, 2 * tp + fp + fn), precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
}
