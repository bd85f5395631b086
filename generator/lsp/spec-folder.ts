import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_DIRS, SPEC_LAYOUT } from '../spec-files.js';

/** The spec folder the server reads and the generated folder beside it, whose records keep released versions frozen. */
export interface SpecFolders {
  spec: string;
  out: string;
}

const isSpec = (dir: string) => existsSync(join(dir, SPEC_LAYOUT.process));

/**
 * Where the spec is: the workspace root's spec/ (as the commands find it), else the nearest folder holding
 * process.md above an opened file. The generated folder is the one beside the spec, as `check` finds it.
 */
export function findSpecFolders(roots: readonly string[], openedFile?: string): SpecFolders | null {
  for (const root of roots) {
    const spec = join(root, DEFAULT_DIRS.spec);
    if (isSpec(spec)) return { spec, out: join(root, DEFAULT_DIRS.out) };
    if (isSpec(root)) return { spec: root, out: join(dirname(root), DEFAULT_DIRS.out) };
  }
  if (openedFile) {
    for (let dir = dirname(resolve(openedFile)); ; dir = dirname(dir)) {
      if (isSpec(dir)) return { spec: dir, out: join(dirname(dir), DEFAULT_DIRS.out) };
      if (dirname(dir) === dir) break;
    }
  }
  return null;
}

/** "spec/rfcs/<file>.md" for a file under the spec folder, as diagnostics name it; null outside it. */
export function specPathIn(specDir: string, absolute: string): string | null {
  const rel = relative(specDir, absolute);
  if (rel === '' || rel.startsWith('..') || resolve(specDir, rel) !== resolve(absolute)) return null;
  return `spec/${rel.split(sep).join('/')}`;
}

/**
 * The file on disk a diagnostic's path names: spec/… under the spec folder, a record of the generated folder
 * (named from its folder's name, as spec-files.ts does) under that folder; anything else (a finding about the whole
 * spec, "spec") at process.md, where the spec starts.
 */
export function absolutePathIn(folders: SpecFolders, path: string): string {
  if (path.startsWith('spec/')) return join(folders.spec, ...path.slice('spec/'.length).split('/'));
  const [head, ...rest] = path.split('/');
  if (rest.length && head === folders.out.split(sep).at(-1)) return join(folders.out, ...rest);
  return join(folders.spec, SPEC_LAYOUT.process);
}
