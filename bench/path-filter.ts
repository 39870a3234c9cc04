/**
 * Path filters at their worst: a level's links matched against 50 include and 50 exclude
 * patterns built to cost the most, with the matcher before issue 25 as the baseline. "Work" is
 * what a level's planning may spend (`PathFilter.workFor`: state words stepped, over the path and
 * every pattern; `PATH_FILTER_WORK_PER_LEVEL`); ns per unit of it turns that limit into time.
 */
import { pathFilter } from '../lambdas/core/path-filter.js';
import { PATH_FILTER_WORK_PER_LEVEL } from '../lambdas/domain/frontier.js';
import { compileBefore, matchesBefore } from './path-filter-before.js';

const LINK_CHARS = 1_900;
const LINKS_PER_LEVEL = 2_000;

interface Scenario {
  name: string;
  patterns: string[];
  paths: string[];
  /** Time the matcher before issue 25 too (slow: a single link). */
  before: boolean;
}

/** A link of `LINK_CHARS` characters, all `a` but the last: none of the patterns below matches it, so each is tried. */
const longPath = (last: string) => `/${'a'.repeat(LINK_CHARS - 1)}${last}`;
const hundred = (pattern: string) => Array.from({ length: 100 }, () => pattern);

const SCENARIOS: Scenario[] = [
  { name: 'red team: `/` + `**a`×84 + `**b`', patterns: hundred(`/${'**a'.repeat(84)}**b`), paths: [longPath('a')], before: true },
  // every state stays alive to the end, in 8 words
  { name: 'one long `*` piece: `/` + `*a`×127', patterns: hundred(`/${'*a'.repeat(127)}`), paths: [longPath('b')], before: true },
  { name: 'long `?` piece searched to the end: `/**` + `a?`×126', patterns: hundred(`/**${'a?'.repeat(126)}`), paths: [longPath('/')], before: true },
  { name: 'short `?` piece searched to the end: `/**` + `a?`×15', patterns: hundred(`/**${'a?'.repeat(15)}`), paths: [longPath('/')], before: true },
  { name: 'literal search: `/**` + `a`×200 + `b**` + `a`×50', patterns: hundred(`/**${'a'.repeat(200)}b**${'a'.repeat(50)}`), paths: [longPath('a')], before: true },
  {
    name: 'ordinary patterns, ordinary paths',
    patterns: Array.from({ length: 100 }, (_, i) => [`/docs/v${i}/**`, `/docs/**/*.html`, `/blog/${i}/*`, `/api/v?/ref/**`][i % 4] as string),
    paths: Array.from({ length: 50 }, (_, i) => `/docs/guide/section-${i}/page-${i % 7}.htm`),
    before: false,
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Milliseconds of CPU (this process's, so a busy shared machine counts less against it) since `since`. */
function cpuMs(since?: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Median CPU ms of one call of `work`, over `rounds` rounds of enough calls to take about 50 ms. */
function timeOf(work: () => void, rounds: number): number {
  const started = process.cpuUsage();
  work();
  const once = Math.max(cpuMs(started), 0.001);
  const calls = Math.max(1, Math.round(50 / once));
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const begun = process.cpuUsage();
    for (let i = 0; i < calls; i++) work();
    samples.push(cpuMs(begun) / calls);
  }
  return median(samples);
}

export async function run(): Promise<void> {
  const rounds = Number.parseInt(process.env.BENCH_ROUNDS ?? '', 10) || 5;
  console.log(`50 include + 50 exclude patterns per scenario, links of ${LINK_CHARS} characters; CPU time, median of ${rounds} rounds, Node ${process.version}\n`);
  console.log('| scenario | before: ms per link | now: ms per link | ns per unit of work | a level of 2,000 such links: links examined, time |');
  console.log('|---|---|---|---|---|');
  let worstNs = 0;
  for (const scenario of SCENARIOS) {
    const filter = pathFilter({ include_paths: scenario.patterns.slice(0, 50), exclude_paths: scenario.patterns.slice(50) });
    if (!filter) throw new Error('no patterns');
    const urls = scenario.paths.map((path) => `https://example.com${path}`);
    const work = urls.reduce((sum, url) => sum + filter.workFor(url), 0);
    const nowMs = timeOf(() => urls.forEach((url) => filter.wants(url)), rounds) / urls.length;
    let beforeMs = Number.NaN;
    if (scenario.before) {
      const compiled = scenario.patterns.map(compileBefore);
      const path = scenario.paths[0] as string;
      beforeMs = timeOf(() => compiled.some((pattern) => matchesBefore(pattern, path)), 1);
    }
    const perUnitNs = ((nowMs * urls.length) / work) * 1e6;
    worstNs = Math.max(worstNs, perUnitNs);
    const examined = Math.min(LINKS_PER_LEVEL, Math.floor(PATH_FILTER_WORK_PER_LEVEL / (work / urls.length)));
    console.log(
      `| ${scenario.name} | ${Number.isNaN(beforeMs) ? '-' : beforeMs.toFixed(0)} | ${nowMs.toFixed(3)} | ${perUnitNs.toFixed(2)} | ${examined}, ${((nowMs * examined) / 1000).toFixed(2)} s |`,
    );
  }
  console.log(
    `\nA level's planning stops matching after ${PATH_FILTER_WORK_PER_LEVEL.toLocaleString('en')} units of work: ` +
      `at the costliest rate above (${worstNs.toFixed(2)} ns per unit) about ${((PATH_FILTER_WORK_PER_LEVEL * worstNs) / 1e9).toFixed(1)} s of CPU, in slices between pauses for the event loop.`,
  );
}
