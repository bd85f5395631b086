import { readFile, writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { IN_CI, ciIsOn } from './toolchain.js';

/**
 * UPDATE=1 makes golden-file comparisons rewrite their expected file from what the code gives now, instead of
 * comparing. Never in CI: there a rewrite would pass whatever the code does.
 */
export const UPDATING = ciIsOn(process.env['UPDATE']);

if (UPDATING && IN_CI) throw new Error('UPDATE is set under CI: golden files are rewritten only by a person, locally');

/** Compares `actual` with the JSON file at `path` (exactly), or with UPDATE=1 writes it there. */
export async function expectMatchesGolden(path: string, actual: unknown, what: string): Promise<void> {
  if (UPDATING) {
    await writeFile(path, `${JSON.stringify(actual, null, 2)}\n`);
    return;
  }
  const text = await readFile(path, 'utf8').catch(() => {
    throw new Error(`${what}: no ${path}; write it by hand, or run with UPDATE=1 and read what it wrote`);
  });
  expect(actual, `${what} (run with UPDATE=1 to rewrite ${path}, then read the diff)`).toEqual(JSON.parse(text));
}
