import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { GeneratedFile } from '../emit/types.js';

/** Folders that tools create inside generated/ (build output); never part of the generated tree. */
const IGNORED = new Set(['.build', 'target', 'node_modules', '.swiftpm', '.vitepress']);


const exists = (path: string) => stat(path).then(() => true, () => false);

/**
 * A run killed between its two renames leaves the old tree, renamed, beside an empty place; put it back. Every
 * writing command does this first, so a reader after any later command sees a whole tree.
 */
export async function recover(outDir: string): Promise<void> {
  const parent = dirname(outDir);
  const base = basename(outDir);
  const siblings = await readdir(parent).catch(() => [] as string[]);
  // Leftovers of runs that are no longer running: their folder names carry their process id.
  const stale = siblings.filter((n) => {
    const m = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)-`).exec(n);
    return m !== null && !alive(Number(m[2]));
  });
  if (!(await exists(outDir))) {
    const last = stale.filter((n) => n.startsWith(`.${base}.old-`)).sort().at(-1);
    if (last) await rename(join(parent, last), outDir);
  }
  for (const name of stale) await rm(join(parent, name), { recursive: true, force: true });
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Replaces outDir with exactly `files`: everything is written into a sibling folder first, then swapped in with
 * renames, so an interrupted or failed run leaves the previous tree as it was.
 */
export async function writeTree(outDir: string, files: readonly GeneratedFile[]): Promise<void> {
  await recover(outDir);
  const parent = dirname(outDir);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `.${basename(outDir)}.tmp-${tag}`);
  const old = join(parent, `.${basename(outDir)}.old-${tag}`);
  try {
    await mkdir(parent, { recursive: true });
    // Not recursive: a recursive mkdir reports a read-only file system as ENOENT.
    await mkdir(staging);
    const dirs = new Set(files.map((f) => dirname(join(staging, f.path))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    // The swap below is what makes the write atomic for readers and against a killed run; per-file fsync would
    // add power-loss durability at several times the cost, which a regenerable tree does not need.
    await Promise.all(files.map((file) => writeFile(join(staging, file.path), file.contents)));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOld = await exists(outDir);
  if (hadOld) await rename(outDir, old);
  await rename(staging, outDir);
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/** Every file under dir, as paths relative to it, leaving out build folders. Iterative: no recursion depth. */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const stack = [''];
  while (stack.length) {
    const rel = stack.pop() as string;
    const entries = await readdir(join(dir, rel), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (IGNORED.has(entry.name)) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) stack.push(path);
      else out.push(path);
    }
  }
  return out.sort();
}

export interface TreeDifference {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** How outDir differs from what `files` says it should hold. */
export async function diffTree(outDir: string, files: readonly GeneratedFile[]): Promise<TreeDifference> {
  const actual = new Set(await listTree(outDir));
  const diff: TreeDifference = { stale: [], missing: [], extra: [] };
  for (const file of files) {
    if (!actual.has(file.path)) diff.missing.push(file.path);
    else if ((await readFile(join(outDir, file.path), 'utf8')) !== file.contents) diff.stale.push(file.path);
    actual.delete(file.path);
  }
  diff.extra = [...actual].sort();
  return diff;
}
