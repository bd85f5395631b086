import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tool } from './sarif.js';

/** The toolchain as a SARIF log names it: its package's name and version, from the nearest package.json above this file. */
export async function toolchain(): Promise<Tool> {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
      return { name: 'element-spec', ...(typeof pkg.version === 'string' ? { version: pkg.version } : {}) };
    } catch {
      const up = dirname(dir);
      if (up === dir) return { name: 'element-spec' };
      dir = up;
    }
  }
}
