import { existsSync } from 'node:fs';
import { cp, readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type SpecEdit, applyEditScript } from './spec-edits.js';
import { editFile, scratch } from './spec.js';

/**
 * A scratch copy of the live spec with a fixture laid over it: every `NNNN-*.md` in the fixture folder goes to
 * spec/rfcs/, and `edits.json` (a list of edits, each matching exactly once; test/helpers/spec-edits.ts) is applied.
 */
export async function specWithFixture(folder: string) {
  const s = await scratch(false);
  for (const name of await readdir(folder)) {
    if (/^\d{4}-.*\.md$/.test(name)) await cp(join(folder, name), join(s.spec, 'rfcs', name));
  }
  const editsFile = join(folder, 'edits.json');
  if (existsSync(editsFile)) {
    const edits = JSON.parse(await readFile(editsFile, 'utf8')) as SpecEdit[];
    await applyEditScript(s.spec, { why: basename(folder), edits }, basename(folder));
  }
  return s;
}

/** A scratch spec (with its generated tree) where 0.2.0 has been released, with a fixture RFC of test/fixtures/revisions laid over it. */
export async function withRevision(name: string) {
  const s = await scratch(true);
  await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
  await cp(join(import.meta.dirname, '../fixtures/revisions', name), join(s.spec, 'rfcs'), { recursive: true });
  return s;
}
