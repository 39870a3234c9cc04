/**
 * `npm run bench [-- <name> …]`: runs the benchmark modules (all of them, or those named), one
 * after the other. A module exports `run()`, which measures and prints its own results.
 */
export interface Benchmark {
  run(): Promise<void>;
}

const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
  export: () => import('./export.js'),
  crawl: () => import('./crawl.js'),
  assemble: () => import('./assemble.js'),
  queue: () => import('./queue.js'),
  render: () => import('./render.js'),
  sitemap: () => import('./sitemap.js'),
  'path-filter': () => import('./path-filter.js'),
  start: () => import('./start.js'),
  'document-formats': () => import('./document-formats.js'),
  assets: () => import('./assets.js'),
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  for (const name of requested.length > 0 ? requested : Object.keys(BENCHMARKS)) {
    console.log(`\n## ${name}\n`);
    const benchmark = await (BENCHMARKS[name] as () => Promise<Benchmark>)();
    await benchmark.run();
  }
}

await main();
