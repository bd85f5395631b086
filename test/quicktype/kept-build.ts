import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from '../helpers/spec.js';

/** A run that rewrites docs/bindings-vs-quicktype.md times cold builds; any other run may reuse a kept one. */
export const KEEP_BUILDS = process.env.ELEMENT_WRITE_COMPARISON !== '1';

/** A hash of every file's path and bytes under `dir`, with `kind` in front: a name for exactly this package. */
async function contentKey(dir: string, kind: string): Promise<string> {
  const hash = createHash('sha256').update(`${kind}\0`);
  for (const file of await listFiles(dir)) hash.update(`${file}\0`).update(await readFile(join(dir, file))).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/**
 * The folder under `builds` where the package prepared in `prepared` is built and kept, as scripts/swift-test.sh and
 * scripts/kotlin-test.sh keep theirs: named for its content, so a package built before (in this run or an earlier
 * one) is reused with its build output and a changed file gives a new folder. Null when builds are not kept.
 * The scripts' pruning (the 12 builds used last) covers these folders too: each has the same `.copied` marker.
 */
export async function keptBuild(prepared: string, builds: string, kind: string): Promise<string | null> {
  if (!KEEP_BUILDS) return null;
  const slot = join(builds, `${kind}-${await contentKey(prepared, kind)}`);
  const marker = join(slot, '.copied');
  if (!existsSync(marker)) {
    await rm(slot, { recursive: true, force: true });
    await mkdir(slot, { recursive: true });
    await cp(prepared, join(slot, 'package'), { recursive: true });
    await writeFile(marker, '');
  }
  const now = new Date();
  await utimes(marker, now, now);
  return join(slot, 'package');
}
