import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRINT_FONTS } from '../../lambdas/core/formats/print-fonts.js';
import { bundleDirOf, loadBundledAssembly, type BundledAssembly } from '../../local/synth-cache.js';
import { resourcesOfType } from '../../local/template.js';
import { functionAssets, LAMBDA_DIRECT_UPLOAD_ZIP_LIMIT_BYTES, LAMBDA_UNZIPPED_LIMIT_BYTES, type FunctionAsset } from '../../scripts/lambda-assets.js';

/**
 * The function bundles a real synthesis builds, as `cdk deploy` uploads them, against Lambda's
 * deployment package quotas, and what each carries.
 */
let assembly: BundledAssembly;
let assets: FunctionAsset[];

beforeAll(async () => {
  // The first synthesis of this code bundles every function (a minute or more on two cores).
  assembly = await loadBundledAssembly();
  assets = await functionAssets(assembly);
}, 15 * 60_000);

describe("the functions' bundles", () => {
  it("fit Lambda's 250 MB of code and layers unzipped", () => {
    expect(assets.length).toBe(resourcesOfType(assembly.template, 'AWS::Lambda::Function').length);
    expect(assets.filter((asset) => asset.unzippedBytes > LAMBDA_UNZIPPED_LIMIT_BYTES).map((asset) => asset.handler)).toEqual([]);
    expect(assets.filter((asset) => asset.layers > 0).map((asset) => asset.handler)).toEqual([]);
  });

  it('go through S3, so that those over the 50 MB of a direct upload deploy', () => {
    expect(assets.filter((asset) => !asset.fromS3).map((asset) => asset.handler)).toEqual([]);
    // Today only the two with the browser are over it.
    expect(assets.filter((asset) => asset.zippedBytes > LAMBDA_DIRECT_UPLOAD_ZIP_LIMIT_BYTES).map((asset) => asset.handler).sort()).toEqual(['crawl-documents', 'render-worker']);
  });

  it('carry the browser and Playwright only in the two functions that start it', () => {
    const carrying = resourcesOfType(assembly.template, 'AWS::Lambda::Function').filter(([id, fn]) => {
      const dir = bundleDirOf(assembly, id, fn);
      return existsSync(path.join(dir, 'chromium-bin')) || existsSync(path.join(dir, 'node_modules')) || readFileSync(path.join(dir, 'index.mjs'), 'utf8').includes('playwright-core');
    });
    expect(carrying.map(([, fn]) => fn.Metadata?.['crawl:handler']).sort()).toEqual(['crawl-documents', 'render-worker']);
  });

  it('carry the print fonts, with their licence, only in the function that prints the PDF', () => {
    const carrying = resourcesOfType(assembly.template, 'AWS::Lambda::Function').filter(([id, fn]) => existsSync(path.join(bundleDirOf(assembly, id, fn), 'fonts')));
    expect(carrying.map(([, fn]) => fn.Metadata?.['crawl:handler'])).toEqual(['crawl-documents']);
    const [[id, fn]] = carrying as [(typeof carrying)[number]];
    const fonts = readdirSync(path.join(bundleDirOf(assembly, id, fn), 'fonts')).sort();
    expect(fonts).toEqual(PRINT_FONTS.flatMap(({ file }) => [`${file}-OFL.txt`, `${file}_400Regular.ttf`, `${file}_700Bold.ttf`]).sort());
    // On Lambda the browser finds them because @sparticuz/chromium's own fontconfig file (in its
    // fonts archive, unpacked to /tmp/fonts) names the bundle's folder; the bundled mode names the same folders.
    const fontsArchive = brotliDecompressSync(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin', 'fonts.tar.br')));
    expect(fontsArchive.toString('latin1')).toContain('<dir>/var/task/fonts</dir>');
  });
});
