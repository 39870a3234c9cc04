import chromium from '@sparticuz/chromium';
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockFile } from '../core/process-lock.js';

// No WebGL: one archive less to unpack, and the flags say so.
chromium.setGraphicsMode = false;

/** The package's launch flags for its build (Lambda's: single process, no sandbox, no GPU). */
export const packagedChromiumArgs = (): string[] => chromium.args;

/** What @sparticuz/chromium unpacks into the temporary directory; it trusts any of them that exists. */
const UNPACKED = ['chromium', 'fonts', 'al2023', 'libEGL.so', 'libGLESv2.so', 'libvk_swiftshader.so', 'libvulkan.so.1', 'vk_swiftshader_icd.json'];
/** An unpack takes seconds; one that holds the lock longer than this is stuck. */
const UNPACK_WAIT_MS = 120_000;

/**
 * The path of the Chromium binary, unpacked from @sparticuz/chromium's archives on first use: the
 * same build on Lambda and on any other host. The package takes any `chromium` in the temporary
 * directory as a finished unpack, so a half-written one (a second process unpacking at the same
 * time, or one killed midway) would be launched as it stands. Here one unpacker at a time holds a
 * lock, and a marker written after the last file says the unpack is whole; without it the files
 * are removed and unpacked again.
 *
 * `archives`: the folder of the compressed browser; the Lambda bundle keeps it beside the code
 * (the stack sets CRAWL_CHROMIUM_BIN), elsewhere the npm package's own folder is used.
 */
export async function chromiumExecutable(archives = process.env.CRAWL_CHROMIUM_BIN || packageArchives()): Promise<string> {
  const dir = tmpdir();
  const marker = path.join(dir, 'chromium.unpacked');
  const wanted = await unpackId(archives);
  const whole = async () => existsSync(path.join(dir, 'chromium')) && (await readFile(marker, 'utf8').catch(() => '')) === wanted;
  if (await whole()) return chromium.executablePath(archives);
  // Threads of one process (the local runtime's Lambda instances) take turns too.
  const lock = await lockFile(path.join(dir, 'chromium.unpacking'), { waitMs: UNPACK_WAIT_MS, ownProcess: 'live' });
  if ('heldBy' in lock) throw new Error(`process ${lock.heldBy} has been unpacking Chromium into ${dir} for over ${UNPACK_WAIT_MS / 1000} s`);
  try {
    if (await whole()) return chromium.executablePath(archives);
    await rm(marker, { force: true });
    await Promise.all(UNPACKED.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
    const executable = await chromium.executablePath(archives);
    await writeFile(marker, wanted);
    return executable;
  } finally {
    await lock.release();
  }
}

/** The archives' folder and the compressed browser's size and time: a newer package's browser replaces an older one. */
async function unpackId(archives: string): Promise<string> {
  const { size, mtimeMs } = await stat(path.join(archives, 'chromium.br'));
  return `${archives}\n${size}:${Math.trunc(mtimeMs)}`;
}

/** The npm package's own folder of archives. */
function packageArchives(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin');
}
