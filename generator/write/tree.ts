import { randomBytes } from 'node:crypto';
import {
  type Dirent,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { GeneratedFile } from '../emit/core/target.js';

/** Folders that tools create inside generated/ (build output); never part of the generated tree. */
const IGNORED = new Set(['.build', 'target', 'node_modules', '.swiftpm']);
/** VitePress's own cache and default output, inside the config folder the docs target writes. */
const IGNORED_UNDER_VITEPRESS = new Set(['cache', 'dist']);
const ignored = (rel: string, name: string) =>
  IGNORED.has(name) || (rel.split('/').pop() === '.vitepress' && IGNORED_UNDER_VITEPRESS.has(name));

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

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
    const last = stale
      .filter((n) => n.startsWith(`.${base}.old-`))
      .sort()
      .at(-1);
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

/** What a write did: files written anew (the rest were kept as they were) and files taken away. */
export interface WriteSummary {
  written: number;
  removed: number;
}

/**
 * Replaces outDir with exactly `files`. When outDir already holds exactly them, nothing is touched. Otherwise
 * everything goes into a sibling folder first, then is swapped in with renames, so an interrupted or failed run
 * leaves the previous tree as it was. Unchanged files are hard-linked into that folder rather than written again:
 * on a disk like this machine's, creating a file costs half a millisecond, and most files are unchanged between
 * runs. The calls are synchronous: hundreds of small calls cost more as event-loop round trips than as the calls.
 */
export async function writeTree(outDir: string, files: readonly GeneratedFile[]): Promise<WriteSummary> {
  await recover(outDir);
  const current = readTree(outDir);
  const wanted = new Set(files.map((f) => f.path));
  const removed = [...current.keys()].filter((p) => !wanted.has(p)).length;
  const written = files.filter((f) => current.get(f.path) !== f.contents).length;
  if (written === 0 && removed === 0) return { written, removed };

  const parent = dirname(outDir);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `.${basename(outDir)}.tmp-${tag}`);
  const old = join(parent, `.${basename(outDir)}.old-${tag}`);
  try {
    mkdirSync(parent, { recursive: true });
    // Not recursive: a recursive mkdir reports a read-only file system as ENOENT.
    mkdirSync(staging);
    const dirs = new Set(files.map((f) => dirname(join(staging, f.path))));
    for (const dir of [...dirs].sort()) mkdirSync(dir, { recursive: true });
    // The swap below is what makes the write atomic for readers and against a killed run; per-file fsync would
    // add power-loss durability at several times the cost, which a regenerable tree does not need.
    for (const file of files) {
      const target = join(staging, file.path);
      if (current.get(file.path) === file.contents && linked(join(outDir, file.path), target)) continue;
      writeFileSync(target, file.contents);
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOld = existsSync(outDir);
  if (hadOld) renameSync(outDir, old);
  renameSync(staging, outDir);
  if (hadOld) rmSync(old, { recursive: true, force: true });
  return { written, removed };
}

/** A hard link from `to` to `from`'s file, or false where the file system has none. */
function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/** Every file under dir with its text, leaving out build folders; empty when dir does not exist. */
function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const stack = [''];
  while (stack.length) {
    const rel = stack.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(dir, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (ignored(rel, entry.name)) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) stack.push(path);
      else out.set(path, readFileSync(join(dir, path), 'utf8'));
    }
  }
  return out;
}

export interface TreeDifference {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** How outDir differs from what `files` says it should hold. */
export async function diffTree(outDir: string, files: readonly GeneratedFile[]): Promise<TreeDifference> {
  const actual = readTree(outDir);
  const diff: TreeDifference = { stale: [], missing: [], extra: [] };
  for (const file of files) {
    const text = actual.get(file.path);
    if (text === undefined) diff.missing.push(file.path);
    else if (text !== file.contents) diff.stale.push(file.path);
    actual.delete(file.path);
  }
  diff.extra = [...actual.keys()].sort();
  return diff;
}
