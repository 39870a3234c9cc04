/**
 * The article-extraction benchmark's metric (scrapinghub/article-extraction-benchmark, evaluate.py,
 * described there and re-written here): 4-gram token shingles, per-page TP/FP/FN normalised to sum
 * to 1, precision and recall averaged over pages, F1 from the averages.
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

