import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from '../test/helpers/tls.js';

const PROJECT_DIR = path.join(import.meta.dirname, '..');

/** The Node flags `npm start` gives the local runtime (the checkout's package.json) but its loader, so a measurement runs it the same way. */
export function startNodeFlags(projectDir = PROJECT_DIR): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  // tsx itself is loaded here through its CLI
  return packageJson.scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && !word.startsWith('--import'));
}

/**
 * Runs a measurement script in a child process started with `npm start`'s Node flags and with
 * NODE_EXTRA_CA_CERTS, so the runtime runs as it does there and the service's real fetcher trusts
 * the loopback fixture site.
 */
export async function runWithTestCa(script: string, args: string[] = []): Promise<void> {
  const caDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-ca-'));
  try {
    const caFile = writeRunCa(caDir);
    const tsx = path.join(PROJECT_DIR, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [tsx, ...startNodeFlags(), path.join(import.meta.dirname, script), ...args], {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, [TEST_CA_DIR_VARIABLE]: caDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`${[script, ...args].join(' ')} exited with ${String(code)}`);
  } finally {
    await rm(caDir, { recursive: true, force: true });
  }
}
