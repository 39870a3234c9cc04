import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from '../test/helpers/tls.js';
import { CRAWL_SCENARIOS } from './crawl-scenarios.js';

/**
 * End-to-end crawl benchmark (issue 5). The measurement runs in a child process started with
 * NODE_EXTRA_CA_CERTS, so the service's real fetcher trusts the loopback fixture site the same way
 * it would in `npm start`.
 */
export async function run(): Promise<void> {
  const caDir = await mkdtemp(path.join(tmpdir(), 'crawl-bench-ca-'));
  try {
    const caFile = writeRunCa(caDir);
    const tsx = path.join(import.meta.dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    for (const index of CRAWL_SCENARIOS.keys()) {
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [tsx, path.join(import.meta.dirname, 'crawl-measure.ts'), String(index)], {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, [TEST_CA_DIR_VARIABLE]: caDir },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        child.on('exit', resolve);
      });
      if (code !== 0) throw new Error(`crawl benchmark (${CRAWL_SCENARIOS[index]?.label ?? index}) exited with ${String(code)}`);
    }
  } finally {
    await rm(caDir, { recursive: true, force: true });
  }
}
