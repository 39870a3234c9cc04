/**
 * The project's import graph as the code runs it (esbuild's metafile: type-only imports left out),
 * for reviewing its layering: `npx tsx scripts/import-graph.ts [root]`. It prints
 * - the floors: a folder (a top folder, or a folder of lambdas/ or web/) stands one floor above the
 *   highest folder it imports, so the floors count how deep the house is;
 * - the imports that point up: to a folder on the same or a higher layer of LAYERS, or from a front
 *   end (the CLI, the MCP server, the console) into the service's own folders;
 * - the cycles between files.
 * Tests and benchmarks are not read as entry points (what scripts import of them is).
 */
import { build, type Metafile } from 'esbuild';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const LEFT_OUT = new Set(['node_modules', 'test', 'bench', 'cdk.out', 'coverage', '.build', '.crawl-local', '.git']);
/** Folders whose subfolders are parts of their own. */
const SPLIT = new Set(['lambdas', 'web']);

/**
 * The layering the code is meant to have, bottom (0) up: an import goes to a lower layer. The front
 * ends stand beside the service, on what the two share (the contract in domain/, the pure core).
 */
const LAYERS: Record<string, number> = {
  '(root)': 0,
  'lambdas/core': 0,
  'lambdas/domain': 1,
  'lambdas/observability': 1,
  'lambdas/net': 2,
  'lambdas/data': 3,
  'lambdas/render': 3,
  'lambdas/api': 4,
  // the Firecrawl-compatible surface, on our own API edge
  'lambdas/firecrawl': 5,
  'lambdas/workflow': 6,
  'lambdas/console': 6,
  'lambdas/handlers': 7,
  lib: 8,
  local: 9,
  client: 2,
  launch: 2,
  cli: 3,
  mcp: 3,
  'web/console': 3,
  test: 10,
  bench: 10,
  bin: 11,
  scripts: 11,
};
const FRONT_ENDS = new Set(['cli', 'mcp', 'web/console']);
/** What a front end may stand on besides its own kind. */
const SHARED = new Set(['(root)', 'lambdas/core', 'lambdas/domain', 'client', 'launch']);

/** Why an import from one folder to another breaks the layering, if it does. */
function layeringProblem(from: string, to: string): string | undefined {
  const [fromLayer = Infinity, toLayer = Infinity] = [LAYERS[from], LAYERS[to]];
  if (FRONT_ENDS.has(from) && !SHARED.has(to)) return FRONT_ENDS.has(to) ? 'a front end leaning on another' : `a front end standing on ${to}`;
  if (toLayer >= fromLayer) return `layer ${fromLayer} to layer ${toLayer}`;
  return undefined;
}

function sources(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (LEFT_OUT.has(name) || name.startsWith('.')) return [];
    if (statSync(path.join(root, relative)).isDirectory()) return sources(root, relative);
    return /\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [relative] : [];
  });
}

function folderOf(file: string): string {
  const [top = '', second, ...rest] = file.split('/');
  if (rest.length === 0 && second !== undefined && !SPLIT.has(top)) return top;
  if (second === undefined) return '(root)';
  return SPLIT.has(top) && rest.length > 0 ? `${top}/${second}` : top;
}

/** Tarjan's strongly connected components: the groups of nodes that reach each other. */
function components(nodes: string[], edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

async function importGraph(root: string): Promise<Map<string, Set<string>>> {
  const { metafile } = (await build({
    absWorkingDir: root,
    entryPoints: sources(root),
    bundle: true,
    write: false,
    outdir: 'out',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    loader: { '.mjs': 'js' },
  })) as { metafile: Metafile };
  const graph = new Map<string, Set<string>>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (file.includes('node_modules')) continue;
    graph.set(file, new Set(input.imports.map((entry) => entry.path).filter((target) => !target.includes('node_modules') && !target.startsWith('node:') && target in metafile.inputs)));
  }
  return graph;
}

function folderGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return folders;
}

/** Floor 1 imports no other folder; a group of folders that import each other shares a floor. */
function floors(folders: Map<string, Set<string>>, groups: string[][]): Map<string, number> {
  const groupOf = new Map(groups.flatMap((group, i) => group.map((folder) => [folder, i] as const)));
  const floorOfGroup = new Map<number, number>();
  const floorOf = (group: number): number => {
    const known = floorOfGroup.get(group);
    if (known !== undefined) return known;
    let below = 0;
    for (const folder of groups[group] ?? []) {
      for (const target of folders.get(folder) ?? []) {
        const targetGroup = groupOf.get(target) ?? -1;
        if (targetGroup !== group) below = Math.max(below, floorOf(targetGroup));
      }
    }
    floorOfGroup.set(group, below + 1);
    return below + 1;
  };
  return new Map([...folders.keys()].map((folder) => [folder, floorOf(groupOf.get(folder) ?? -1)]));
}

const root = path.resolve(process.argv[2] ?? '.');
const files = await importGraph(root);
const folders = folderGraph(files);
const floorOf = floors(folders, components([...folders.keys()].sort(), folders));
const fileCycles = components([...files.keys()].sort(), files).filter((group) => group.length > 1);
const upward = [...files].flatMap(([file, targets]) =>
  [...targets].flatMap((target) => {
    const problem = layeringProblem(folderOf(file), folderOf(target));
    return problem && folderOf(file) !== folderOf(target) ? [`${file} -> ${target} (${problem})`] : [];
  }),
);

console.log(`${files.size} files in ${folders.size} folders, on ${Math.max(...floorOf.values())} floors`);
for (const floor of [...new Set(floorOf.values())].sort((a, b) => b - a)) {
  console.log(`  floor ${floor}: ${[...floorOf].filter(([, f]) => f === floor).map(([folder]) => folder).sort().join(', ')}`);
}
console.log(`imports that point up: ${upward.length}`);
for (const edge of upward) console.log(`  ${edge}`);
console.log(`cycles between files: ${fileCycles.length}`);
for (const cycle of fileCycles) console.log(`  ${cycle.join(' <-> ')}`);
