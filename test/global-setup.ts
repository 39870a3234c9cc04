import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_CA_DIR_VARIABLE, writeRunCa } from './helpers/tls.js';

/**
 * Runs once before the test workers start: a CA for loopback HTTPS fixture sites, trusted through
 * NODE_EXTRA_CA_CERTS, which Node reads at process start, so the workers inherit it.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'crawl-test-ca-'));
  process.env.NODE_EXTRA_CA_CERTS = writeRunCa(dir);
  process.env[TEST_CA_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
