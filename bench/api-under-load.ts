/**
 * `npm run bench -- api-under-load`: while one user's heavy jobs run (six pages of about 1 MB of
 * markdown each, and a `BENCH_PAGES`-page site, default 300, both exported as markdown, PDF and
 * Word), how long another user's `GET /v1/usage` takes, p50, p95 and max. Measured for this
 * checkout and for the baseline (`BENCH_BASELINE_REF`, default `main`, checked out into a
 * temporary worktree), alternately in the same run, each in a process of its own
 * (`BENCH_ROUNDS` rounds, default 1). Both run `npm start`'s default: its Node flags (each
 * checkout's own), the source, CRAWL_LOCAL_LAMBDA_THREADS's default number of threads.
 */
import { execFileSync, spawn } from 'node:child_process';
import { symlink, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { lambdaThreadsSetting } from '../local/lambda-host.js';
import { PROJECT_ROOT } from '../local/template.js';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from '../test/helpers/tls.js';
import { startNodeFlags } from './with-test-ca.js';

interface Measured {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  seconds: number;
  jobs: string[];
}

/** One measurement, in a process that trusts the loopback sites' test CA, as the crawl benchmark's does. */
function measure(codeRoot: string, ca: { dir: string; file: string }): Promise<Measured> {
  return new Promise((resolve, reject) => {
    // the Node flags of the measured checkout's `npm start`
    const child = spawn(process.execPath, [...startNodeFlags(codeRoot), '--import=tsx', path.join(import.meta.dirname, 'api-under-load-measure.ts')], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: ca.file, [TEST_CA_DIR_VARIABLE]: ca.dir, BENCH_CODE_ROOT: codeRoot, BENCH_THREADS: String(lambdaThreadsSetting.parse(process.env.CRAWL_LOCAL_LAMBDA_THREADS)) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
      if (code === 0 && line) resolve(JSON.parse(line) as Measured);
      else reject(new Error(`the measurement of ${codeRoot} exited ${code}:\n${output}`));
    });
  });
}

const ms = (value: number) => `${Math.round(value)} ms`;
const line = (name: string, result: Measured) =>
  `${name.padEnd(34)} p50 ${ms(result.p50).padStart(8)}  p95 ${ms(result.p95).padStart(8)}  max ${ms(result.max).padStart(8)}  (${result.requests} requests over ${result.seconds.toFixed(0)} s; jobs ${result.jobs.join(', ')})`;

export async function run(): Promise<void> {
  const baselineRef = process.env.BENCH_BASELINE_REF ?? 'main';
  const rounds = Number.parseInt(process.env.BENCH_ROUNDS ?? '', 10) || 1;
  const baseline = await mkdtemp(path.join(tmpdir(), 'crawl-bench-baseline-'));
  const caDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-ca-'));
  const ca = { dir: caDir, file: writeRunCa(caDir) };
  try {
    execFileSync('git', ['worktree', 'add', '--detach', baseline, baselineRef], { cwd: PROJECT_ROOT, stdio: 'ignore' });
    await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(baseline, 'node_modules'));
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: baseline }).toString().trim();
    console.log(`GET /v1/usage of another user while heavy jobs run; ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)} at the start`);
    for (let round = 1; round <= rounds; round++) {
      console.log(line(`${baselineRef} (${commit}), round ${round}`, await measure(baseline, ca)));
      console.log(line(`this checkout, round ${round}`, await measure(PROJECT_ROOT, ca)));
    }
    console.log(`load ${loadavg()[0]?.toFixed(1)} at the end (the machine's other work shares the cores)`);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', baseline], { cwd: PROJECT_ROOT, stdio: 'ignore' });
    await rm(baseline, { recursive: true, force: true });
    await rm(caDir, { recursive: true, force: true });
  }
}
