import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Finds paths that leave the repository: a clone has nothing beside it, so a test, script, bench or config that
 * reads `../shared` (or any sibling of the checkout) passes only where that folder happens to exist.
 */
export interface OutsidePath {
  file: string;
  line: number;
  path: string;
  why: string;
}

/** Where the project's own code lives: what the scan walks, relative to the repository's root. */
export const SCANNED = ['test', 'scripts', 'bench', 'generator', 'bin', '.ci'];

const TEXT = /\.(?:[cm]?[jt]s|json|sh|md|ya?ml|toml|swift)$|^run$/;
const SKIP = new Set(['node_modules', '.build', 'target', 'dist', '.stryker-tmp']);

/** A path at the start of a quoted string: a quote, then `..`, as in an import or `resolve(import.meta.dirname, ...)`. */
const QUOTED_RELATIVE = /(['"`])(\.\.(?:\/[^'"`\s$]*)?)/g;
/** A step up from the root itself: the root's name, a comma, then a quoted path starting with `..`. */
const FROM_ROOT = /\b(?:ROOT|root|here|repo)\s*,\s*(['"`])(\.\.[^'"`\s$]*)/g;

function escapes(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '..' || rel.startsWith('../') || isAbsolute(rel);
}

/**
 * The paths in one file's text that leave `root`: a relative path read from the file's folder (as an import or
 * `import.meta.dirname` reads it), a relative path joined to the root itself, and an absolute path into the folder
 * that holds the checkout. System paths (the toolchain cache under /var/cache, /usr/bin) are not the repository's
 * neighbours and are left alone.
 */
export function outsidePathsIn(text: string, file: string, root: string, beside = true): OutsidePath[] {
  const found: OutsidePath[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(QUOTED_RELATIVE)) {
    const path = m[2] as string;
    if (escapes(root, resolve(dirname(file), path))) found.push({ file, line: lineOf(m.index), path, why: "leaves the repository from the file's folder" });
  }
  for (const m of text.matchAll(FROM_ROOT)) {
    const path = m[2] as string;
    if (escapes(root, resolve(root, path))) found.push({ file, line: lineOf(m.index), path, why: 'leaves the repository from its root' });
  }
  if (beside) {
    const pattern = new RegExp(`(?<![\\w./-])${escapeRegExp(dirname(root))}/(?!${escapeRegExp(basename(root))}\\b)[\\w.-]+`, 'g');
    for (const m of text.matchAll(pattern)) found.push({ file, line: lineOf(m.index), path: m[0], why: 'an absolute path beside the repository' });
  }
  return found;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function walk(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.stryker-tmp')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile() && TEXT.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every path leaving `root` in the scanned folders and the root's own configs (package.json, *.config.*, ...). */
export async function outsidePaths(root: string): Promise<OutsidePath[]> {
  const configs = (await readdir(root, { withFileTypes: true }))
    .filter((e) => e.isFile() && TEXT.test(e.name) && !e.name.endsWith('.md') && e.name !== 'package-lock.json')
    .map((e) => join(root, e.name));
  const files = [...configs, ...(await Promise.all(SCANNED.map((d) => walk(join(root, d))))).flat()];
  // A checkout straight under / or the temporary folder has no neighbours of its own to keep out: there, an
  // absolute path such as /tmp/x is just a temporary file.
  const beside = ![resolve('/'), resolve(tmpdir())].includes(dirname(root));
  const found: OutsidePath[] = [];
  for (const file of files.sort()) {
    for (const [text, path] of textsOf(await readFile(file, 'utf8'), file, root)) {
      const where = path === file ? relative(root, file) : `${relative(root, file)} (its copy of ${relative(root, path)})`;
      for (const hit of outsidePathsIn(text, path, root, beside)) found.push({ ...hit, file: where });
    }
  }
  return found;
}

/**
 * A file's text to scan, and the path it is read from. A StrykerJS report (bench/results/mutation/) holds copies of
 * the sources it ran, each under its own path: each copy is scanned as the file it copies, so its imports resolve.
 */
function textsOf(text: string, file: string, root: string): [string, string][] {
  if (!file.endsWith('.json') || !text.includes('"testFiles"')) return [[text, file]];
  const report = JSON.parse(text) as { files?: Record<string, { source?: string }>; testFiles?: Record<string, { source?: string }> };
  const copies = [...Object.entries(report.files ?? {}), ...Object.entries(report.testFiles ?? {})];
  return copies.filter(([, f]) => typeof f.source === 'string').map(([path, f]) => [f.source as string, resolve(root, path)]);
}
