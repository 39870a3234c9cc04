/**
 * Rebuilds a labelled page set from its manifest:
 * `npm run eval:assemble -- <manifest.jsonl> <out-dir> <mirrors-dir>`.
 * The pages stay out of this repository (they are other people's sites); the manifest, which is
 * committed (eval/labelled-sets/), says where each page comes from: a public repository that
 * commits its built HTML, the file's path in it and the commit. An earlier set of this kind was
 * lost with the machine that held its pages; with the manifest it can be written again from
 * mirrors of those repositories (`<mirrors-dir>/<owner>+<name>/`, a bare git directory or one
 * folder holding it). Each page is written to `<out-dir>/<file>` byte for byte, the manifest is
 * copied beside them, and a missing mirror or commit is reported, not fatal.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { isEntryPoint } from './entry-point.js';
import { generatedPageSchema } from './labelled-sets.js';

/** A page of a set labelled by its generator, and where it comes from. */
const manifestLineSchema = generatedPageSchema.extend({
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  path: z.string().min(1),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
});

export interface AssembleResult {
  written: number;
  /** `owner/name@commit: path — why`, one per page that could not be written. */
  missing: string[];
}

/**
 * The git directory of a repository's mirror: the folder itself, one folder in it (a bare clone),
 * or the `.git` of one folder in it (a snapshot may come as a clone with a work tree's layout).
 */
function gitDirOf(mirrorsDir: string, repo: string): string | undefined {
  const mirror = join(mirrorsDir, repo.replace('/', '+'));
  if (!existsSync(mirror)) return undefined;
  if (existsSync(join(mirror, 'HEAD'))) return mirror;
  const folders = readdirSync(mirror, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const candidates = folders.flatMap((folder) => [join(mirror, folder.name), join(mirror, folder.name, '.git')]);
  return candidates.find((dir) => existsSync(join(dir, 'HEAD')));
}

export function assembleLabelledSet(manifestFile: string, outDir: string, mirrorsDir: string): AssembleResult {
  const lines = readFileSync(manifestFile, 'utf8').split('\n').filter((line) => line.trim() !== '');
  const result: AssembleResult = { written: 0, missing: [] };
  for (const line of lines) {
    const entry = manifestLineSchema.parse(JSON.parse(line));
    const where = `${entry.repo}@${entry.commit}: ${entry.path}`;
    const gitDir = gitDirOf(mirrorsDir, entry.repo);
    if (!gitDir) {
      result.missing.push(`${where} (no mirror)`);
      continue;
    }
    let content: Buffer;
    try {
      content = execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${entry.commit}:${entry.path}`], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
    } catch {
      result.missing.push(`${where} (not in the mirror)`);
      continue;
    }
    const target = join(outDir, entry.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    result.written++;
  }
  mkdirSync(outDir, { recursive: true });
  copyFileSync(manifestFile, join(outDir, 'manifest.jsonl'));
  return result;
}

if (isEntryPoint(import.meta.url)) {
  const [manifestFile, outDir, mirrorsDir] = process.argv.slice(2);
  if (!manifestFile || !outDir || !mirrorsDir) {
    console.error('usage: npm run eval:assemble -- <manifest.jsonl> <out-dir> <mirrors-dir>');
    process.exit(2);
  }
  const { written, missing } = assembleLabelledSet(manifestFile, outDir, mirrorsDir);
  console.log(`${written} pages written to ${outDir}`);
  if (missing.length > 0) console.log(`${missing.length} missing:\n${missing.map((item) => `  ${item}`).join('\n')}`);
}
