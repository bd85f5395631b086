import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The toolchain's own folder (where package.json and templates/ are), whether run from dist/ or generator/. */
export function toolchainRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'templates'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('Cannot find the toolchain folder (package.json beside templates/)');
    dir = up;
  }
  root = dir;
  return dir;
}

export const templatesDir = (...parts: string[]) => join(toolchainRoot(), 'templates', ...parts);

/** A language's runtime: the code that does not depend on the spec, as plain source its own tools read (runtime/<language>/). */
export const runtimeDir = (...parts: string[]) => join(toolchainRoot(), 'runtime', ...parts);
