import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each binding's folder of tests, test/bindings/<name>/ by its registry name: its own test files (every *.test.ts
 * in it, run by its binding's `tests.loop`) and expectations.ts (what the tests expect of its code,
 * binding-expectations.ts). A file that joins the folder joins its loop; no list names them. The tests that run
 * every binding sit beside the folders, in test/bindings/ itself. No imports of the generator: the vitest configs
 * read this.
 */
export const BINDINGS_DIR = 'test/bindings';

/** The folder of one binding's tests, from the repository's root. */
export const folderOf = (name: string): string => `${BINDINGS_DIR}/${name}`;

/** Its test files as a glob, for vitest's include and exclude lists. */
export const testGlobOf = (name: string): string => `${folderOf(name)}/**/*.test.ts`;

/** Its test files under the repository at `root`, from the root, sorted: none when it has no folder. */
export function testFilesOf(root: string, name: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(root, folderOf(name)), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((f) => f.endsWith('.test.ts')).map((f) => `${folderOf(name)}/${f}`).sort();
}
