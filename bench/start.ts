/**
 * `npm run bench -- start`: how long a user waits for each tool, measured as processes from the
 * spawn: the CLI's `--help` (prebuilt bundle, through npm, and through tsx for comparison), the
 * MCP server's answer to `initialize`, and `npm start` until GET /health answers (a later start:
 * the template is cached; a first start on a fresh clone adds its synthesis).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { READY_LINE } from '../local/ready-line.js';
import { PROJECT_ROOT } from '../local/template.js';

const RUNS = 5;

/** Milliseconds from spawning the command until `done` says so from its output. */
function timeUntil(command: string[], done: (output: string, elapsed: () => number) => Promise<number | undefined> | number | undefined, input?: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const child = spawn(command[0] ?? 'node', command.slice(1), { cwd: PROJECT_ROOT, detached: true, env: { ...process.env, ...env } });
    let output = '';
    let finished = false;
    const check = async () => {
      if (finished) return;
      const result = await done(output, elapsed);
      if (result === undefined || finished) return;
      finished = true;
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      resolve(result);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      void check();
    });
    child.on('exit', () => {
      if (command.includes('--help')) {
        finished = true;
        resolve(elapsed());
      } else if (!finished) setTimeout(() => !finished && reject(new Error(`${command.join(' ')} exited:\n${output}`)), 100);
    });
    if (input !== undefined) child.stdin.write(input);
  });
}

async function median(name: string, measure: () => Promise<number>, runs = RUNS): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await measure());
  times.sort((a, b) => a - b);
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(`${name}: median ${seconds(times[Math.floor(times.length / 2)] ?? 0)} s (${times.map(seconds).join(', ')})`);
}

const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`;
const answered = (output: string, elapsed: () => number) => (output.includes('"id":1') ? elapsed() : undefined);

export async function run(): Promise<void> {
  await median('crawl --help, prebuilt (node cli/crawl.mjs)', () => timeUntil(['node', 'cli/crawl.mjs', '--help'], () => undefined));
  await median('crawl --help, npm run -s cli', () => timeUntil(['npm', 'run', '-s', 'cli', '--', '--help'], () => undefined));
  await median('crawl --help through tsx (before the bundle)', () => timeUntil(['node', '--import=tsx', 'cli/bin.ts', '--help'], () => undefined));
  const key = { CRAWL_API_KEY: 'bench-unused-key' };
  await median('MCP initialize answered, node mcp/stdio.mjs', () => timeUntil(['node', 'mcp/stdio.mjs'], answered, INITIALIZE, key));
  await median('MCP initialize answered, npm run -s mcp', () => timeUntil(['npm', 'run', '-s', 'mcp'], answered, INITIALIZE, key));
  await median('MCP initialize answered through tsx (before the bundle)', () => timeUntil(['node', '--import=tsx', 'mcp/main.ts'], answered, INITIALIZE, key));

  const dataDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-start-'));
  try {
    const healthy = async (output: string, elapsed: () => number) => {
      const url = READY_LINE.exec(output)?.[1];
      if (!url) return undefined;
      for (;;) {
        if (await fetch(`${url}/health`).then((response) => response.ok, () => false)) return elapsed();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await median('npm start until GET /health answers (template cached)', () => timeUntil(['npm', 'start'], healthy, undefined, { PORT: '0', CRAWL_DATA_DIR: dataDir }), 3);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
