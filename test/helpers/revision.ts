import { existsSync } from 'node:fs';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { editFile, scratch } from './spec.js';

/** One string edit of a spec file: `find` must occur exactly once, so a drift in the live spec fails loudly. */
export interface Edit {
  file: string;
  find: string;
  replace: string;
}

export function applyEdit(text: string, edit: Edit): string {
  const at = text.indexOf(edit.find);
  if (at < 0 || text.indexOf(edit.find, at + 1) >= 0) {
    throw new Error(`${edit.file}: the edit's text must occur exactly once: ${JSON.stringify(edit.find)}`);
  }
  return text.slice(0, at) + edit.replace + text.slice(at + edit.find.length);
}

/**
 * A scratch copy of the live spec with a fixture laid over it: every `NNNN-*.md` in the fixture folder goes to
 * spec/rfcs/, and `edits.json` (a list of edits) is applied to the files it names.
 */
export async function specWithFixture(folder: string) {
  const s = await scratch(false);
  for (const name of await readdir(folder)) {
    if (/^\d{4}-.*\.md$/.test(name)) await cp(join(folder, name), join(s.spec, 'rfcs', name));
  }
  const editsFile = join(folder, 'edits.json');
  if (existsSync(editsFile)) {
    for (const edit of JSON.parse(await readFile(editsFile, 'utf8')) as Edit[]) {
      const path = join(s.spec, edit.file);
      await writeFile(path, applyEdit(await readFile(path, 'utf8'), edit));
    }
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
