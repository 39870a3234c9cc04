import { chromium, type Browser } from 'playwright-core';
import { chromiumExecutable, packagedChromiumArgs } from '../../lambdas/render/chromium-binary.js';

/**
 * Flags of the Lambda build left out: those that switch off protections the console tests must see
 * working, and `--single-process`, with which closing a browser context ends the whole browser.
 */
const LEFT_OUT_FLAGS = new Set(['--disable-web-security', '--allow-running-insecure-content', '--disable-site-isolation-trials', '--single-process']);

/**
 * Headless Chromium from @sparticuz/chromium (the build the renderer runs on Lambda), unpacked as
 * the renderer unpacks it, driven by playwright-core. It resolves no host names at all: tests reach
 * their servers by loopback address, and nothing a page links to can make the browser look a name up.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumExecutable(),
    args: [...packagedChromiumArgs().filter((flag) => !LEFT_OUT_FLAGS.has(flag)), '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    headless: true,
  });
}
